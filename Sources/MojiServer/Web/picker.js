// <moji-picker>: the Moji emoji picker as a web component, for any page with one <script> tag.
// Plain JavaScript and CSS (in the shadow root), no build step and no third-party code.
//
//   <script src="/picker.js"></script>
//   <moji-picker api="https://moji.example" locale="en" max-version="15.1" token=""></moji-picker>
//
// Attributes: api (server URL; empty = this page's origin), locale, max-version, token (a bearer
// token for /v1/me; without one, usage is kept in localStorage).
// Event: emoji-click (bubbles, composed), detail {emoji, name, tones} or {code, image, name, tones}.
// Data: GET /v1/picker-data (one locale, cached by the browser through its ETag), GET /v1/custom
// (one section per custom set), and with a token /v1/me/frequent|recent|pinned and POST /v1/me/usage.
// With a token, a pick made from search results sends the query with the use, and searches carry
// the token, so what this user picked after a query comes first the next time it is typed.
// The keys follow the engine's commands (MojiPicker's PickerCommand): arrows, Home/End,
// PageUp/PageDown, Tab/Shift+Tab between sections, Enter picks, Alt+Enter opens the skin-tone
// popover, Escape closes the popover, then clears the query.
(() => {
  'use strict';
  if (customElements.get('moji-picker')) return;

  const TONE_CHARS = ['\u{1F3FB}', '\u{1F3FC}', '\u{1F3FD}', '\u{1F3FE}', '\u{1F3FF}'];
  const TONE_NAMES = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'];
  const SWATCHES = ['#f7d7c4', '#e0b896', '#bf8f68', '#9b643d', '#5a3f30'];
  const FONT =
    '"Twemoji Mozilla","Apple Color Emoji","Segoe UI Emoji","Segoe UI Symbol","Noto Color Emoji","EmojiOne Color","Android Emoji",sans-serif';
  const STORE = 'moji-picker:';
  const SHOWN = 24; // entries in the frequently used and recent sections, as in the terminal picker
  const CELL = 36; // px; the column count follows from it
  const FIRST = 160; // cells built before the first paint: more than a screen holds

  const CSS = `
:host{--bg:#fff;--fg:#1f1f1f;--mute:#5f6368;--line:#dadce0;--hover:#f1f3f4;--sel:#d3e3fd;--accent:#0b57d0;
display:block;width:360px;max-width:100%;height:430px;color:var(--fg);font:14px system-ui,sans-serif}
@media (prefers-color-scheme:dark){:host{--bg:#202124;--fg:#e8eaed;--mute:#9aa0a6;--line:#3c4043;--hover:#2d2f31;--sel:#394457;--accent:#8ab4f8}}
:host([hidden]){display:none}
*{box-sizing:border-box}
.p{position:relative;display:flex;flex-direction:column;height:100%;background:var(--bg);border:1px solid var(--line);border-radius:8px;overflow:hidden}
input{flex:none;margin:8px;padding:6px 8px;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:6px;min-width:0}
input:focus{outline:2px solid var(--accent);outline-offset:-1px}
.bar{display:flex;flex:none;overflow-x:auto;scrollbar-width:none;border-bottom:1px solid var(--line);padding:0 4px}
.bar button{flex:none;width:34px;height:32px;padding:0;border:0;border-bottom:2px solid transparent;background:none;color:var(--mute);font:18px/1 ${FONT};cursor:pointer}
.bar button[aria-current=true]{border-bottom-color:var(--accent)}
.bar button:hover{background:var(--hover)}
.g{flex:1;overflow-y:auto;padding:0 4px 4px;overscroll-behavior:contain}
.s{content-visibility:auto;contain-intrinsic-size:auto 240px}
.h{position:sticky;top:0;z-index:1;background:var(--bg);color:var(--mute);font-size:12px;padding:6px 4px 2px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.c{display:grid;grid-template-columns:repeat(auto-fill,${CELL}px)}
.o{width:${CELL}px;height:${CELL}px;display:flex;align-items:center;justify-content:center;border-radius:6px;font:24px/1 ${FONT};cursor:pointer;user-select:none}
.o:hover{background:var(--hover)}
.o[aria-selected=true]{background:var(--sel)}
.p:focus-within .o.a{outline:2px solid var(--accent);outline-offset:-2px}
.o img{width:24px;height:24px;object-fit:contain}
.e{padding:24px 8px;text-align:center;color:var(--mute)}
.st{flex:none;padding:2px 8px;color:var(--mute);font-size:12px}
.st:empty{display:none}
.pv{flex:none;display:flex;align-items:center;gap:8px;min-height:50px;padding:6px 8px;border-top:1px solid var(--line)}
.pe{flex:none;font:32px/1 ${FONT}}
.pe img{width:32px;height:32px}
.pt{min-width:0}
.pn,.ps{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.pn{font-weight:600}
.ps{color:var(--mute);font-size:12px}
.pop{position:absolute;z-index:2;padding:4px;background:var(--bg);border:1px solid var(--line);border-radius:8px;box-shadow:0 4px 16px #0005}
.pop[hidden]{display:none}
.r{display:flex}
.o.n{opacity:.35;cursor:default}
.sw{width:18px;height:18px;border-radius:50%}
.pr{display:block;width:100%;margin-top:4px;padding:4px;border:1px solid var(--line);border-radius:6px;background:none;color:inherit;font:24px/1 ${FONT};cursor:pointer}
.pr:disabled{opacity:.35;cursor:default}
`;

  const esc = (s) =>
    String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  // A custom emoji: its size from the server, so the grid does not move as images arrive.
  const image = (it) =>
    `<img src="${esc(it.image)}" width="${+it.w || 24}" height="${+it.h || 24}" alt=":${esc(it.code)}:" loading="lazy">`;
  const tonesOf = (s) => [...s].map((c) => TONE_CHARS.indexOf(c)).filter((i) => i >= 0);
  const replaced = (list, index, value) => list.map((x, i) => (i === index ? value : x));
  const load = (key, fallback) => {
    try {
      return JSON.parse(localStorage.getItem(STORE + key)) || fallback;
    } catch {
      return fallback;
    }
  };
  const save = (key, value) => {
    try {
      localStorage.setItem(STORE + key, JSON.stringify(value));
    } catch {
      // Storage full or disabled: usage is simply not remembered.
    }
  };

  // Every toned form of an item of /v1/picker-data, from its templates (each {} is one person's
  // modifier; a one-{} template beside a per-person one serves equal tones), or its explicit list.
  function variants(obj) {
    if (obj.toneVariants || !obj.toneTemplates) return obj.toneVariants || [];
    const count = (t) => t.split('{}').length - 1;
    const all = obj.toneTemplates[obj.toneTemplates.length - 1];
    const equal = obj.toneTemplates.length > 1 ? obj.toneTemplates[0] : null;
    const n = count(all);
    const list = [];
    for (let k = 0; k < 5 ** n; k++) {
      const tones = Array.from({ length: n }, (_, p) => Math.floor(k / 5 ** (n - 1 - p)) % 5);
      const same = tones.every((t) => t === tones[0]);
      let p = 0;
      list.push((equal && same ? equal : all).replace(/\{\}/g, () => TONE_CHARS[tones[p++]]));
    }
    return (obj.toneVariants = list);
  }

  const personCount = (obj) => Math.max(1, ...variants(obj).map((v) => tonesOf(v).length));

  // The RGI sequence of an emoji with these tones (one per row), or undefined: Unicode lists only
  // some combinations, and only those can be picked.
  function withTones(obj, tones) {
    if (!obj._tones) {
      obj._tones = new Map();
      for (const v of variants(obj)) obj._tones.set(tonesOf(v).join(), v);
    }
    const t = obj._tones;
    const same = tones.every((x) => x === tones[0]);
    return (
      t.get(tones.join()) ||
      (same ? t.get(String(tones[0])) || t.get(Array(personCount(obj)).fill(tones[0]).join()) : undefined)
    );
  }

  // One row per person when Unicode lists a different tone per person, else one row (as iOS does).
  function rowCount(obj) {
    const mixed = variants(obj).some((v) => new Set(tonesOf(v)).size > 1);
    return mixed ? personCount(obj) : 1;
  }

  // Which Emoji versions this browser draws, tested once per page on a canvas as
  // emoji-picker-element does: a drawn emoji has colour, and a ZWJ sequence the font lacks falls
  // apart into several glyphs, so it is too wide. A few samples per version, since a few emoji
  // (🗨️, 🖤) are grey even when drawn.
  const drawable = new Map();
  function testVersions(samples) {
    const size = 16;
    const canvas = document.createElement('canvas');
    canvas.width = size * 4;
    canvas.height = size * 2;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return;
    ctx.font = `${size}px ${FONT}`;
    ctx.textBaseline = 'top';
    ctx.fillStyle = '#000';
    const colored = (text) => {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.fillText(text, 0, 0);
      const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < d.length; i += 4) {
        if (d[i + 3] > 64 && (Math.abs(d[i] - d[i + 1]) > 24 || Math.abs(d[i + 1] - d[i + 2]) > 24)) return true;
      }
      return false;
    };
    const found = new Map();
    for (const [version, list] of samples) {
      if (drawable.has(version)) continue;
      found.set(version, list.some((e) => ctx.measureText(e).width < size * 1.8 && colored(e)));
    }
    // Nothing drawn at all means the test cannot see (no colour font, or a canvas that returns
    // noise for privacy): hiding every emoji would be worse than showing some boxes.
    const blind = found.size > 0 && ![...found.values()].some(Boolean) && drawable.size === 0;
    for (const [version, ok] of found) drawable.set(version, ok || blind);
  }

  class MojiPicker extends HTMLElement {
    static get observedAttributes() {
      return ['api', 'locale', 'max-version', 'token'];
    }

    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML = `<style>${CSS}</style><div class="p">
<input type="search" aria-controls="grid" aria-label="Search emoji" placeholder="Search" spellcheck="false">
<div class="bar" aria-label="Groups"></div>
<div class="g" id="grid" role="listbox" aria-label="Emoji"></div>
<div class="st" role="status" aria-live="polite"></div>
<div class="pv" aria-hidden="true"><span class="pe"></span><div class="pt"><div class="pn"></div><div class="ps"></div></div></div>
<div class="pop" hidden><div id="tones" role="listbox" aria-label="Skin tones"></div><button class="pr" tabindex="-1"></button></div>
</div>`;
      const $ = (s) => root.querySelector(s);
      this.$p = $('.p');
      this.$input = $('input');
      this.$bar = $('.bar');
      this.$grid = $('.g');
      this.$status = $('.st');
      this.$pe = $('.pe');
      this.$pn = $('.pn');
      this.$ps = $('.ps');
      this.$pop = $('.pop');
      this.$tones = $('#tones');
      this.$pick = $('.pr');
      this.sections = [];
      this.groupSections = [];
      this.sel = null;
      this.col = 0;
      this.cols = 1;
      this.pop = null;
      this.query = '';
      this.searchId = 0;
      this.loadId = 0;
      this.hiddenCount = 0;
      this.renderId = 0;
      this.rendered = 0;
      this.customSets = [];
      this.byCode = new Map();
      this.frequent = this.recent = this.pinned = [];
      this.notice = this.statusText = '';

      this.$input.addEventListener('input', () => this.setQuery(this.$input.value, false));
      this.$input.addEventListener('keydown', (e) => (this.pop ? this.popKey(e) : this.gridKey(e)));
      // Clicks keep the focus in the search field, where the keys are handled.
      for (const el of [this.$grid, this.$bar, this.$pop]) el.addEventListener('mousedown', (e) => e.preventDefault());
      this.$grid.addEventListener('click', (e) => {
        const at = this.at(e.target);
        if (at) {
          this.setSel(at[0], at[1]);
          this.pick(this.item());
        }
      });
      this.$grid.addEventListener('contextmenu', (e) => {
        const at = this.at(e.target);
        if (at) {
          e.preventDefault();
          this.setSel(at[0], at[1]);
          this.openPop();
        }
      });
      this.$grid.addEventListener('mouseover', (e) => {
        const at = this.at(e.target);
        if (at) this.preview(this.sections[at[0]].items[at[1]]);
      });
      this.$grid.addEventListener('mouseleave', () => this.preview(this.item()));
      this.$grid.addEventListener('scroll', () => this.markGroup(), { passive: true });
      this.$bar.addEventListener('click', (e) => {
        const b = e.target.closest('button');
        if (!b) return;
        if (this.query) this.setQuery('', true);
        const s = this.sections.findIndex((x) => x.id === b.dataset.id);
        if (s >= 0) {
          this.renderRest();
          this.setSel(s, 0);
          this.$grid.querySelector(`[data-s="${s}"]`).scrollIntoView({ block: 'start' });
        }
        this.$input.focus();
      });
      this.$tones.addEventListener('click', (e) => {
        const o = e.target.closest('[data-r]');
        if (!o || !this.pop) return;
        this.pop.row = +o.dataset.r;
        this.pop.tones[this.pop.row] = +o.dataset.c;
        if (this.pop.tones.length === 1) this.pickTones();
        else this.renderPop();
      });
      this.$pick.addEventListener('click', () => this.pickTones());
      root.addEventListener('mousedown', (e) => {
        if (this.pop && !this.$pop.contains(e.target)) this.closePop();
      });
      new ResizeObserver(() => this.measure()).observe(this.$grid);
    }

    connectedCallback() {
      this.queueReload();
    }

    attributeChangedCallback(name, before, after) {
      if (before === after || !this.isConnected) return;
      if (name === 'token') {
        this.refused = false;
        this.setNotice('');
      }
      if (name !== 'token' || !this.groups) this.queueReload();
      else this.loadUsage().then(() => this.showGroups());
    }

    // An upgrade reports every attribute and a page often sets a few more right after: one load
    // for all of them, once the current task is done.
    queueReload() {
      if (this.reloadQueued) return;
      this.reloadQueued = true;
      setTimeout(() => {
        this.reloadQueued = false;
        if (this.isConnected) this.reload();
      });
    }

    get api() {
      return (this.getAttribute('api') || '').replace(/\/+$/, '');
    }

    get locale() {
      return this.getAttribute('locale') || 'en';
    }

    get token() {
      return this.getAttribute('token') || '';
    }

    // Catalog requests carry no token, so the browser's HTTP cache (ETag) serves them again.
    async get(path, signal, auth) {
      const headers = auth ? { Authorization: `Bearer ${this.token}` } : {};
      const res = await fetch(this.api + path, { signal, headers });
      if (!res.ok) throw Object.assign(new Error(`${res.status} ${res.statusText} for ${path}`), { status: res.status });
      return res.json();
    }

    params(extra) {
      const p = new URLSearchParams({ locale: this.locale, ...extra });
      const max = this.getAttribute('max-version');
      if (max) p.set('max-version', max);
      return p.toString();
    }

    // A server's image path as a URL the page can load.
    url(path) {
      return new URL(path, this.api || location.href).href;
    }

    // One locale's picker data (fetched once; the HTTP cache keeps it by ETag), the custom sets and
    // the usage, all at once; the grid shows them all.
    async reload() {
      const id = ++this.loadId;
      this.status('Loading…');
      // Custom sets are optional (a server without them, or failing, leaves the catalog alone) and
      // never hold up the first grid: when they come later, the grid is built again with them.
      this.get('/v1/custom')
        .catch(() => [])
        .then((sets) => {
          if (id !== this.loadId) return;
          this.setCustom(sets);
          if (this.shownId === id) this.showGroups();
        });
      const usage = this.fetchUsage();
      try {
        const data = await this.get(`/v1/picker-data?${this.params()}`);
        if (id !== this.loadId) return;
        const samples = new Map();
        for (const g of data.groups) {
          for (const o of g.emoji) {
            const list = samples.get(o.version) || [];
            if (list.length < 3) samples.set(o.version, [...list, o.emoji]);
          }
        }
        testVersions(samples);
        this.byEmoji = new Map();
        this.tonedIndexed = false;
        let hidden = 0;
        this.groups = [];
        for (const g of data.groups) {
          const items = [];
          for (const o of g.emoji) {
            if (drawable.get(o.version) === false) {
              hidden++;
              continue;
            }
            this.byEmoji.set(o.emoji, o);
            items.push({ emoji: o.emoji, name: o.name, obj: o });
          }
          if (items.length) this.groups.push({ id: g.identifier, name: g.name, items });
        }
        this.hiddenCount = hidden;
        this.applyUsage(await usage);
        if (id !== this.loadId) return;
        this.status('');
        this.showGroups();
        this.shownId = id;
      } catch (e) {
        if (id === this.loadId) this.status(`Could not load emoji: ${e.message}`);
      }
    }

    // The sets of GET /v1/custom as sections; an emoji without an image cannot be drawn.
    setCustom(sets) {
      this.customSets = [];
      this.byCode = new Map();
      for (const set of Array.isArray(sets) ? sets : []) {
        const items = [];
        for (const c of set.emoji || []) {
          if (!c.image) continue;
          const it = { code: c.code, image: this.url(c.image), name: c.name || c.code, w: c.width, h: c.height };
          this.byCode.set(c.code, it);
          items.push(it);
        }
        if (items.length) this.customSets.push({ id: `custom:${set.name}`, name: set.name, items });
      }
    }

    status(text) {
      if (text !== undefined) this.statusText = text;
      const hidden = this.hiddenCount
        ? `${this.hiddenCount} emoji hidden: this browser cannot draw them.`
        : '';
      this.$status.textContent = [this.statusText, this.notice, hidden].filter(Boolean).join(' ');
    }

    // The catalog item of an emoji, toned forms included (indexed on first need).
    find(emoji) {
      if (!this.byEmoji) return undefined;
      if (!this.byEmoji.has(emoji) && !this.tonedIndexed && tonesOf(emoji).length) {
        this.tonedIndexed = true;
        for (const o of [...this.byEmoji.values()]) for (const v of variants(o)) this.byEmoji.set(v, o);
      }
      return this.byEmoji.get(emoji);
    }

    // Frequently used, favorites and recent: from /v1/me with a token, else (or when the server
    // refuses the token) from localStorage.
    async fetchUsage() {
      if (this.token && !this.refused) {
        try {
          const [frequent, recent, pinned] = await Promise.all(
            [`frequent?limit=${SHOWN}`, `recent?limit=${SHOWN}`, 'pinned'].map((p) => this.get(`/v1/me/${p}`, undefined, true)),
          );
          this.setNotice('');
          return { frequent, recent, pinned };
        } catch (e) {
          this.tokenFailed(e);
        }
      }
      const usage = Object.entries(load('usage', {}));
      const entry = ([key, u]) => (key[0] === ':' ? { code: key.slice(1), image: u.image, name: u.name } : { emoji: key });
      return {
        frequent: usage.sort((a, b) => b[1].n - a[1].n || b[1].t - a[1].t).map(entry),
        recent: usage.sort((a, b) => b[1].t - a[1].t).map(entry),
        pinned: load('pinned', []).map((k) => (k[0] === ':' ? { code: k.slice(1, -1) } : { emoji: k })),
      };
    }

    // A refused token (401) is not retried until the attribute changes; usage stays in this browser.
    tokenFailed(e) {
      if (e.status === 401) this.refused = true;
      this.setNotice(
        e.status === 401
          ? 'Your token was not accepted (401): usage is kept in this browser.'
          : `Could not reach your usage (${e.message}): it is kept in this browser.`,
      );
    }

    setNotice(text) {
      this.notice = text;
      this.status();
    }

    applyUsage(usage) {
      const item = (u) => {
        const code = u.code || (/^:(.+):$/.exec(u.emoji || '') || [])[1];
        if (code) {
          const known = this.byCode && this.byCode.get(code);
          const image = u.image ? this.url(u.image) : known && known.image;
          return image ? { code, image, name: u.name || (known && known.name) || code } : null;
        }
        const obj = this.find(u.emoji);
        return obj ? { emoji: u.emoji, name: obj.name, obj } : null;
      };
      const list = (l) => (Array.isArray(l) ? l : []).map(item).filter(Boolean).slice(0, SHOWN);
      this.frequent = list(usage.frequent);
      this.recent = list(usage.recent);
      this.pinned = list(usage.pinned);
    }

    async loadUsage() {
      this.applyUsage(await this.fetchUsage());
    }

    showGroups(keep) {
      if (!this.groups) return;
      if (!keep && this.sel && !this.query && this.sections === this.groupSections) keep = this.key(this.sel);
      this.groupSections = [
        { id: 'frequent', name: 'Frequently used', icon: '★', items: this.frequent },
        { id: 'pinned', name: 'Favorites', icon: '♥', items: this.pinned },
        { id: 'recent', name: 'Recent', icon: '◷', items: this.recent },
        ...this.groups.map((g) => ({ ...g, icon: g.items[0].emoji })),
        ...this.customSets,
      ].filter((s) => s.items && s.items.length);
      this.$bar.innerHTML = this.groupSections
        .map((s) => {
          const icon = s.icon ? esc(s.icon) : `<img src="${esc(s.items[0].image)}" width="20" height="20" alt="">`;
          return `<button tabindex="-1" data-id="${esc(s.id)}" title="${esc(s.name)}" aria-label="${esc(s.name)}">${icon}</button>`;
        })
        .join('');
      if (this.query) return;
      this.sections = this.groupSections;
      this.render(keep);
    }

    // Where an item is: its section's id and its emoji or code, which survive a new render.
    key(sel) {
      const it = this.sections[sel.s].items[sel.i];
      return { id: this.sections[sel.s].id, k: it.emoji || it.code };
    }

    sectionHTML(sec, s) {
      return `<div role="group" class="s" data-s="${s}" aria-label="${esc(sec.name)}"><div class="h" aria-hidden="true">${esc(sec.name)}</div><div class="c">${sec.items
        .map(
          (it, i) =>
            `<div role="option" class="o" id="o${s}-${i}" aria-selected="false" aria-label="${esc(it.name)}">${
              it.image ? image(it) : esc(it.emoji)
            }</div>`,
        )
        .join('')}</div></div>`;
    }

    // The sections that fill the first screen are built at once, the rest after the first paint:
    // the grid shows emoji without waiting for all ~1,900 cells. Anything that needs a later
    // cell (End, Tab, a group button) builds the rest first.
    render(keep) {
      let shown = 0;
      let first = 0;
      while (first < this.sections.length && shown < FIRST) shown += this.sections[first++].items.length;
      this.rendered = first;
      this.$grid.innerHTML =
        this.sections.slice(0, first).map((sec, s) => this.sectionHTML(sec, s)).join('') ||
        `<div class="e">${this.query ? 'No emoji found' : ''}</div>`;
      const id = ++this.renderId;
      const groups = !this.query;
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (groups && !this.painted) {
            this.painted = true;
            performance.mark('moji-picker:grid');
          }
          if (id === this.renderId) this.renderRest();
        }),
      );
      this.sel = null;
      this.measure();
      let s = 0;
      let i = 0;
      if (keep) {
        const ks = this.sections.findIndex((x) => x.id === keep.id);
        const ki = ks < 0 ? -1 : this.sections[ks].items.findIndex((it) => (it.emoji || it.code) === keep.k);
        if (ki >= 0) [s, i] = [ks, ki];
      }
      if (this.sections.length) this.setSel(s, i);
      else {
        this.$input.removeAttribute('aria-activedescendant');
        this.preview(null);
      }
    }

    renderRest() {
      if (this.rendered >= this.sections.length) return;
      const from = this.rendered;
      this.rendered = this.sections.length;
      this.$grid.insertAdjacentHTML(
        'beforeend',
        this.sections
          .slice(from)
          .map((sec, k) => this.sectionHTML(sec, from + k))
          .join(''),
      );
    }

    measure() {
      const cells = this.$grid.querySelector('.c');
      if (cells) this.cols = Math.max(1, Math.floor(cells.clientWidth / CELL));
      this.pageRows = Math.max(1, Math.floor(this.$grid.clientHeight / CELL) - 1);
    }

    at(target) {
      const o = target.closest && target.closest('[role=option]');
      const m = o && /^o(\d+)-(\d+)$/.exec(o.id);
      return m ? [+m[1], +m[2]] : null;
    }

    item() {
      return this.sel ? this.sections[this.sel.s].items[this.sel.i] : null;
    }

    cell(s, i) {
      if (s >= this.rendered) this.renderRest();
      return this.shadowRoot.getElementById(`o${s}-${i}`);
    }

    setSel(s, i, keepColumn) {
      if (this.sel) {
        const old = this.cell(this.sel.s, this.sel.i);
        if (old) {
          old.setAttribute('aria-selected', 'false');
          old.classList.remove('a');
        }
      }
      this.sel = { s, i };
      if (!keepColumn) this.col = i % this.cols;
      const el = this.cell(s, i);
      el.setAttribute('aria-selected', 'true');
      el.classList.add('a');
      this.$input.setAttribute('aria-activedescendant', el.id);
      el.scrollIntoView({ block: 'nearest' });
      this.preview(this.item());
      this.markGroup();
    }

    // The group bar marks the section at the top of the grid.
    markGroup() {
      if (this.query || !this.sections.length) return;
      const top = this.$grid.scrollTop + 8;
      let current = this.sections[0].id;
      for (const el of this.$grid.children) {
        if (el.offsetTop - this.$grid.offsetTop > top) break;
        current = this.sections[+el.dataset.s].id;
      }
      for (const b of this.$bar.children) b.setAttribute('aria-current', String(b.dataset.id === current));
    }

    preview(it) {
      if (!it) {
        this.$pe.textContent = this.$pn.textContent = this.$ps.textContent = '';
        return;
      }
      if (it.image) this.$pe.innerHTML = `<img src="${esc(it.image)}" width="32" height="32" alt="">`;
      else this.$pe.textContent = it.emoji;
      this.$pn.textContent = it.name;
      const codes = it.code ? [it.code] : [...new Set(Object.values((it.obj && it.obj.shortcodes) || {}).flat())];
      this.$ps.textContent = codes.slice(0, 4).map((c) => `:${c}:`).join(' ');
    }

    // Rows of the whole grid, each section starting a new row (as PickerLayout does).
    rows() {
      let r = 0;
      return this.sections.map((sec) => {
        const start = r;
        r += Math.ceil(sec.items.length / this.cols);
        return start;
      });
    }

    moveH(step) {
      const { s, i } = this.sel;
      const t = i + step;
      if (t >= 0 && t < this.sections[s].items.length) this.setSel(s, t);
      else if (t < 0 && s > 0) this.setSel(s - 1, this.sections[s - 1].items.length - 1);
      else if (t >= 0 && s + 1 < this.sections.length) this.setSel(s + 1, 0);
    }

    // Vertical moves cross sections and keep the column they aim for.
    moveV(step) {
      const starts = this.rows();
      const last = this.sections.length - 1;
      const total = starts[last] + Math.ceil(this.sections[last].items.length / this.cols);
      const row = Math.min(Math.max(starts[this.sel.s] + Math.floor(this.sel.i / this.cols) + step, 0), total - 1);
      let s = last;
      while (starts[s] > row) s--;
      const i = Math.min((row - starts[s]) * this.cols + this.col, this.sections[s].items.length - 1);
      this.setSel(s, i, true);
    }

    gridKey(e) {
      if (e.key === 'Escape') {
        if (this.query) {
          e.preventDefault();
          this.setQuery('', true);
        }
        return;
      }
      if (!this.sel || e.ctrlKey || e.metaKey) return;
      const last = this.sections.length - 1;
      switch (e.key) {
        case 'ArrowLeft':
          this.moveH(-1);
          break;
        case 'ArrowRight':
          this.moveH(1);
          break;
        case 'ArrowUp':
          this.moveV(-1);
          break;
        case 'ArrowDown':
          this.moveV(1);
          break;
        case 'PageUp':
          this.moveV(-this.pageRows);
          break;
        case 'PageDown':
          this.moveV(this.pageRows);
          break;
        case 'Home':
          this.setSel(0, 0);
          break;
        case 'End':
          this.setSel(last, this.sections[last].items.length - 1);
          break;
        case 'Tab': {
          // Past the first or last section, Tab leaves the picker as usual.
          const t = this.sel.s + (e.shiftKey ? -1 : 1);
          if (t < 0 || t > last) return;
          this.setSel(t, 0);
          break;
        }
        case 'Enter':
          if (e.altKey) this.openPop();
          else this.pick(this.item());
          break;
        default:
          return;
      }
      e.preventDefault();
    }

    setQuery(text, write) {
      if (write) this.$input.value = text;
      const q = text.trim();
      if (q === this.query) return;
      this.closePop();
      if (!this.query && this.sel && this.sections === this.groupSections) this.groupSel = this.key(this.sel);
      this.query = q;
      this.searchId++;
      if (this.abort) this.abort.abort();
      if (!q) {
        // Back to the groups, with the selection on the item it was on before the search.
        this.sel = null;
        this.showGroups(this.groupSel);
        return;
      }
      this.search(q, this.searchId);
    }

    // Every keystroke searches; a newer query aborts the older request, and the id check drops
    // any answer that still arrives late.
    async search(q, id) {
      const abort = (this.abort = new AbortController());
      try {
        // With a token, the answer puts this user's picks for the query first (not shared, not cached).
        const auth = Boolean(this.token && !this.refused);
        const path = `/v1/search?${this.params({ q, limit: '60' })}`;
        let results;
        try {
          results = await this.get(path, abort.signal, auth);
        } catch (e) {
          // A refused token (401) or a users' database that does not answer (503): search as for everyone.
          if (!auth || (e.status !== 401 && e.status !== 503)) throw e;
          if (e.status === 401) this.tokenFailed(e);
          results = await this.get(path, abort.signal, false);
        }
        if (id !== this.searchId) return;
        const items = [];
        for (const r of results) {
          if (r.code) {
            const known = this.byCode.get(r.code);
            if (r.image) items.push({ ...known, code: r.code, image: this.url(r.image), name: r.name || r.code });
          } else {
            const obj = this.find(r.emoji);
            // Not in the catalog data: an emoji this browser cannot draw.
            if (obj) items.push({ emoji: r.emoji, name: r.name || obj.name, obj });
          }
        }
        this.sections = items.length ? [{ id: 'search', name: 'Search results', items }] : [];
        this.render();
        for (const b of this.$bar.children) b.setAttribute('aria-current', 'false');
      } catch (e) {
        if (e.name !== 'AbortError' && id === this.searchId) this.status(`Search failed: ${e.message}`);
      }
    }

    pick(it, tones) {
      if (!it) return;
      const detail = it.code
        ? { code: it.code, image: it.image, name: it.name, tones: [] }
        : { emoji: it.emoji, name: it.name, tones: tones || tonesOf(it.emoji).map((t) => TONE_NAMES[t]) };
      this.record(it, this.query);
      this.dispatchEvent(new CustomEvent('emoji-click', { detail, bubbles: true, composed: true }));
    }

    // `query`: the search text the pick was made from ('' when browsing), which the server learns.
    async record(it, query) {
      let kept = false;
      if (this.token && !this.refused) {
        try {
          const use = it.code ? { code: it.code } : { emoji: it.emoji };
          // The server takes 256 characters without control characters; longer text is cut.
          const q = [...(query || '')].filter((c) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(c));
          if (q.length) use.query = q.slice(0, 256).join('');
          const res = await fetch(`${this.api}/v1/me/usage`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify(use),
          });
          if (!res.ok) throw Object.assign(new Error(`${res.status} ${res.statusText}`), { status: res.status });
          kept = true;
        } catch (e) {
          this.tokenFailed(e);
        }
      }
      if (!kept) {
        const usage = load('usage', {});
        const key = it.code ? `:${it.code}` : it.emoji;
        const u = usage[key] || { n: 0 };
        usage[key] = { ...u, n: u.n + 1, t: Date.now(), ...(it.code ? { image: it.image, name: it.name } : {}) };
        save('usage', usage);
      }
      await this.loadUsage();
      if (!this.query && !this.pop) this.showGroups();
    }

    // The skin-tone popover: one row of five tones, or one row per person (🧑‍🤝‍🧑), starting
    // from the tones last chosen for this emoji.
    openPop() {
      const it = this.item();
      const obj = it && it.obj;
      if (!obj || !variants(obj).length) return;
      const rows = rowCount(obj);
      let tones = load('tones', {})[obj.emoji] || [0];
      if (tones.length !== rows) tones = Array(rows).fill(tones[0]);
      this.pop = { obj, tones, row: 0 };
      this.$input.setAttribute('aria-controls', 'tones');
      this.$pop.hidden = false;
      this.renderPop();
      const cell = this.cell(this.sel.s, this.sel.i).getBoundingClientRect();
      const box = this.$p.getBoundingClientRect();
      const w = this.$pop.offsetWidth;
      const h = this.$pop.offsetHeight;
      const below = cell.bottom - box.top + 4;
      this.$pop.style.left = `${Math.max(4, Math.min(cell.left - box.left, box.width - w - 4))}px`;
      this.$pop.style.top = `${below + h < box.height ? below : Math.max(4, cell.top - box.top - h - 4)}px`;
    }

    renderPop() {
      const { obj, tones, row } = this.pop;
      this.$tones.setAttribute('aria-label', `Skin tones: ${obj.name}`);
      this.$tones.innerHTML = tones
        .map(
          (t, r) =>
            `<div role="group" class="r" aria-label="${tones.length > 1 ? `Person ${r + 1}` : 'Tone'}">${TONE_NAMES.map((n, c) => {
              const option = withTones(obj, replaced(tones, r, c));
              return `<div role="option" class="o${option ? '' : ' n'}${r === row && c === t ? ' a' : ''}" id="t${r}-${c}" data-r="${r}" data-c="${c}" aria-selected="${c === t}" aria-disabled="${!option}" aria-label="${n}">${
                option ? esc(option) : `<span class="sw" style="background:${SWATCHES[c]}"></span>`
              }</div>`;
            }).join('')}</div>`,
        )
        .join('');
      const result = withTones(obj, tones);
      this.$pick.textContent = result || '—';
      this.$pick.disabled = !result;
      this.$pick.setAttribute('aria-label', result ? `Pick ${obj.name}` : 'No emoji with these tones');
      this.$input.setAttribute('aria-activedescendant', `t${row}-${tones[row]}`);
      this.preview(result ? { emoji: result, name: obj.name, obj } : { emoji: obj.emoji, name: obj.name, obj });
    }

    closePop() {
      if (!this.pop) return;
      this.pop = null;
      this.$pop.hidden = true;
      this.$input.setAttribute('aria-controls', 'grid');
      if (this.sel) this.setSel(this.sel.s, this.sel.i, true);
    }

    pickTones() {
      const { obj, tones } = this.pop;
      const result = withTones(obj, tones);
      if (!result) return;
      const prefs = load('tones', {});
      prefs[obj.emoji] = tones;
      save('tones', prefs);
      this.closePop();
      this.pick({ emoji: result, name: obj.name, obj }, tones.map((t) => TONE_NAMES[t]));
    }

    popKey(e) {
      const p = this.pop;
      const last = TONE_NAMES.length - 1;
      switch (e.key) {
        case 'ArrowLeft':
          p.tones[p.row] = Math.max(0, p.tones[p.row] - 1);
          break;
        case 'ArrowRight':
          p.tones[p.row] = Math.min(last, p.tones[p.row] + 1);
          break;
        case 'ArrowUp':
          p.row = Math.max(0, p.row - 1);
          break;
        case 'ArrowDown':
          p.row = Math.min(p.tones.length - 1, p.row + 1);
          break;
        case 'Home':
          p.tones[p.row] = 0;
          break;
        case 'End':
          p.tones[p.row] = last;
          break;
        case 'Tab': {
          // The tones of the first row, then of the next, wrapping around.
          const total = TONE_NAMES.length * p.tones.length;
          const next = (((p.row * TONE_NAMES.length + p.tones[p.row] + (e.shiftKey ? -1 : 1)) % total) + total) % total;
          p.row = Math.floor(next / TONE_NAMES.length);
          p.tones[p.row] = next % TONE_NAMES.length;
          break;
        }
        case 'Enter':
          e.preventDefault();
          this.pickTones();
          return;
        case 'Escape':
          e.preventDefault();
          this.closePop();
          return;
        default:
          // Typing closes the popover and edits the query.
          if (e.key.length === 1 || e.key === 'Backspace' || e.key === 'Delete') this.closePop();
          return;
      }
      e.preventDefault();
      this.renderPop();
    }
  }

  customElements.define('moji-picker', MojiPicker);
})();
