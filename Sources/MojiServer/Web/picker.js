// <moji-picker>: the Moji emoji picker as a web component, for any page with one <script> tag.
// Plain JavaScript and CSS (in the shadow root), no build step and no third-party code.
//
//   <script src="/picker.js"></script>
//   <moji-picker api="https://moji.example" locale="en" max-version="15.1" token=""></moji-picker>
//
// Attributes: api (server URL; empty = this page's origin), locale (else the browser's
// navigator.languages, the first the server has, else English), max-version, token (a bearer
// token for /v1/me; without one, usage is kept in localStorage). class="light" or class="dark"
// forces a colour scheme; CSS custom properties restyle it (--moji-bg, --moji-fg, --moji-muted,
// --moji-line, --moji-hover, --moji-selected, --moji-accent, --moji-emoji-size, --moji-cell,
// --moji-columns, --moji-font; see the README).
// Words: the picker's own (titles, labels, messages) come with the locale's data, from the table
// the terminal picker reads too (MojiPicker's picker-strings.json); tone names from CLDR.
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
  // The API's and the emoji-click event's names of the tones; people read CLDR's (toneNames).
  const TONE_IDS = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'];
  const SWATCHES = ['#f7d7c4', '#e0b896', '#bf8f68', '#9b643d', '#5a3f30'];
  const FONT =
    '"Twemoji Mozilla","Apple Color Emoji","Segoe UI Emoji","Segoe UI Symbol","Noto Color Emoji","EmojiOne Color","Android Emoji",sans-serif';
  const STORE = 'moji-picker:';
  const SHOWN = 24; // entries in the frequently used and recent sections, as in the terminal picker
  // English for what shows before the locale's words arrive (or when they cannot).
  const EARLY = {
    searchPlaceholder: 'Search',
    searchLabel: 'Search emoji',
    groups: 'Groups',
    emoji: 'Emoji',
    skinTones: 'Skin tones',
    defaultSkinTone: 'Default skin tone',
    moreGroups: 'More groups',
    loading: 'Loading…',
    loadFailed: 'Could not load emoji: {error}',
  };
  const FIRST = 160; // cells built before the first paint: more than a screen holds

  const CSS = `
:host{--bg:var(--moji-bg,#fff);--fg:var(--moji-fg,#1f1f1f);--mute:var(--moji-muted,#5f6368);--line:var(--moji-line,#dadce0);
--hover:var(--moji-hover,#f1f3f4);--sel:var(--moji-selected,#d3e3fd);--accent:var(--moji-accent,#0b57d0);
--cell:var(--moji-cell,36px);--size:var(--moji-emoji-size,24px);--font:var(--moji-font,${FONT});
display:block;width:360px;max-width:100%;height:430px;color:var(--fg);font:14px system-ui,sans-serif;color-scheme:light}
@media (prefers-color-scheme:dark){:host(:not(.light)){--bg:var(--moji-bg,#202124);--fg:var(--moji-fg,#e8eaed);--mute:var(--moji-muted,#9aa0a6);
--line:var(--moji-line,#3c4043);--hover:var(--moji-hover,#2d2f31);--sel:var(--moji-selected,#394457);--accent:var(--moji-accent,#8ab4f8);color-scheme:dark}}
:host(.dark){--bg:var(--moji-bg,#202124);--fg:var(--moji-fg,#e8eaed);--mute:var(--moji-muted,#9aa0a6);--line:var(--moji-line,#3c4043);
--hover:var(--moji-hover,#2d2f31);--sel:var(--moji-selected,#394457);--accent:var(--moji-accent,#8ab4f8);color-scheme:dark}
:host([hidden]){display:none}
*{box-sizing:border-box}
.p{position:relative;display:flex;flex-direction:column;height:100%;background:var(--bg);border:1px solid var(--line);border-radius:8px;overflow:hidden}
.top{flex:none;display:flex;gap:6px;margin:8px}
input{flex:1;padding:6px 8px;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:6px;min-width:0}
input:focus{outline:2px solid var(--accent);outline-offset:-1px}
.tn{flex:none;width:36px;padding:0;border:1px solid var(--line);border-radius:6px;background:none;font:20px/1 var(--font);cursor:pointer}
.tn:hover,.tn[aria-expanded=true]{background:var(--hover)}
.tl{position:absolute;z-index:3;right:8px;top:44px;display:flex;padding:4px;background:var(--bg);border:1px solid var(--line);border-radius:8px;box-shadow:0 4px 16px #0005}
.tl[hidden]{display:none}
.bw{flex:none;display:flex;border-bottom:1px solid var(--line)}
.bar{display:flex;flex:1;min-width:0;overflow-x:auto;scrollbar-width:none;padding:0 4px;scroll-behavior:smooth}
.bar::-webkit-scrollbar{display:none}
.bar button{flex:none;width:34px;height:32px;padding:0;border:0;border-bottom:2px solid transparent;background:none;color:var(--mute);font:18px/1 var(--font);cursor:pointer}
.bar button img{width:20px;height:20px;object-fit:contain;vertical-align:middle}
.bar button[aria-current=true]{border-bottom-color:var(--accent)}
.bar button:hover,.sc:hover{background:var(--hover)}
.sc{flex:none;width:26px;height:32px;padding:0 0 2px;border:0;background:var(--bg);color:var(--accent);font:600 22px/1 system-ui,sans-serif;cursor:pointer}
.sc[hidden]{display:none}
.sc.l{box-shadow:4px 0 6px -4px #0006}
.sc.r{box-shadow:-4px 0 6px -4px #0006}
.g{flex:1;overflow-y:auto;padding:0 4px 4px;overscroll-behavior:contain}
.s{content-visibility:auto;contain-intrinsic-size:auto 240px}
.h{position:sticky;top:0;z-index:1;background:var(--bg);color:var(--mute);font-size:12px;padding:6px 4px 2px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.c{display:grid;grid-template-columns:repeat(var(--moji-columns,auto-fill),minmax(var(--cell),1fr))}
.o{height:var(--cell);min-width:0;display:flex;align-items:center;justify-content:center;border-radius:6px;font:var(--size)/1 var(--font);cursor:pointer;user-select:none}
.o:hover{background:var(--hover)}
.o[aria-selected=true]{background:var(--sel)}
.p:focus-within .o.a{outline:2px solid var(--accent);outline-offset:-2px}
.o img{width:var(--size);height:var(--size);object-fit:contain}
.tl .o{width:var(--cell)}
.e{padding:24px 8px;text-align:center;color:var(--mute)}
.st{flex:none;padding:2px 8px;color:var(--mute);font-size:12px}
.st:empty{display:none}
.pv{flex:none;display:flex;align-items:center;gap:8px;min-height:50px;padding:6px 8px;border-top:1px solid var(--line)}
.pe{flex:none;font:32px/1 var(--font)}
.pe img{width:32px;height:32px}
.pt{min-width:0}
.pn,.ps{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.pn{font-weight:600}
.ps{color:var(--mute);font-size:12px}
.pop{position:absolute;z-index:2;padding:4px;background:var(--bg);border:1px solid var(--line);border-radius:8px;box-shadow:0 4px 16px #0005}
.pop[hidden]{display:none}
.pop .o{width:var(--cell)}
.r{display:flex}
.o.n{opacity:.35;cursor:default}
.sw{width:18px;height:18px;border-radius:50%}
.pr{display:block;width:100%;margin-top:4px;padding:4px;border:1px solid var(--line);border-radius:6px;background:none;color:inherit;font:24px/1 var(--font);cursor:pointer}
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
<div class="top"><input type="search" aria-controls="grid" spellcheck="false"><button class="tn" type="button" aria-haspopup="listbox" aria-expanded="false" aria-controls="dt">✋</button></div>
<div class="tl" id="dt" role="listbox" hidden></div>
<div class="bw"><button class="sc l" type="button" tabindex="-1" aria-hidden="true" hidden>‹</button><div class="bar"></div><button class="sc r" type="button" tabindex="-1" aria-hidden="true" hidden>›</button></div>
<div class="g" id="grid" role="listbox"></div>
<div class="st" role="status" aria-live="polite"></div>
<div class="pv" aria-hidden="true"><span class="pe"></span><div class="pt"><div class="pn"></div><div class="ps"></div></div></div>
<div class="pop" hidden><div id="tones" role="listbox"></div><button class="pr" tabindex="-1"></button></div>
</div>`;
      const $ = (s) => root.querySelector(s);
      this.$p = $('.p');
      this.$input = $('input');
      this.$bar = $('.bar');
      this.$left = $('.sc.l');
      this.$right = $('.sc.r');
      this.$toneButton = $('.tn');
      this.$toneList = $('.tl');
      this.$pv = $('.pv');
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
      // Messages are kept as [key, values] and worded when shown: a usage error may arrive before
      // the locale's words.
      this.notice = this.statusMessage = null;
      this.words = {};
      this.toneNames = TONE_IDS;
      this.defaultFrequent = [];
      this.icons = {};
      this.tonePrefs = load('tones', {});
      this.defaultTone = load('defaultTone', null);
      this.applyWords();

      this.$input.addEventListener('input', () => this.setQuery(this.$input.value, false));
      this.$input.addEventListener('keydown', (e) => (this.pop ? this.popKey(e) : this.gridKey(e)));
      // Clicks keep the focus in the search field, where the keys are handled.
      for (const el of [this.$grid, this.$bar, this.$pop, this.$left, this.$right, this.$toneList]) {
        el.addEventListener('mousedown', (e) => e.preventDefault());
      }
      // Tabs that do not fit scroll: the arrows at either end show that more are there and move a
      // barful at a time; a wheel or a swipe scrolls the bar too.
      this.$left.addEventListener('click', () => this.scrollBar(-1));
      this.$right.addEventListener('click', () => this.scrollBar(1));
      this.$bar.addEventListener('scroll', () => this.barArrows(), { passive: true });
      this.$bar.addEventListener(
        'wheel',
        (e) => {
          if (Math.abs(e.deltaY) > Math.abs(e.deltaX) && this.$bar.scrollWidth > this.$bar.clientWidth) {
            e.preventDefault();
            this.$bar.scrollLeft += e.deltaY;
          }
        },
        { passive: false },
      );
      // The default skin tone: a button beside the search field opens the six choices.
      this.$toneButton.addEventListener('click', () => this.toggleToneList());
      this.$toneButton.addEventListener('keydown', (e) => this.toneListKey(e));
      this.$toneList.addEventListener('click', (e) => {
        const o = e.target.closest('[data-t]');
        if (o) this.setDefaultTone(o.dataset.t === '' ? null : +o.dataset.t);
      });
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
        if (!this.$toneList.hidden && !this.$toneList.contains(e.target) && e.target !== this.$toneButton) {
          this.closeToneList(false);
        }
      });
      new ResizeObserver(() => {
        this.measure();
        this.barArrows();
      }).observe(this.$grid);
    }

    connectedCallback() {
      this.queueReload();
    }

    attributeChangedCallback(name, before, after) {
      if (before === after || !this.isConnected) return;
      if (name === 'token') {
        this.refused = false;
        this.setNotice(null);
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

    // The locales to ask for, best first: the attribute, else the browser's languages, then English.
    get locales() {
      const attribute = this.getAttribute('locale');
      if (attribute) return [attribute];
      const languages = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
      return [...new Set([...languages.filter(Boolean), 'en'])];
    }

    // The locale in use: the one the server answered with, once it has.
    get locale() {
      return this.resolved || this.locales[0];
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
      this.status(['loading']);
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
        // The first locale the server has (400 names one it lacks), so a browser's de-AT finds de.
        this.resolved = null;
        let data;
        const locales = this.locales;
        for (const [n, locale] of locales.entries()) {
          try {
            data = await this.get(`/v1/picker-data?${this.params({ locale })}`);
            break;
          } catch (e) {
            if (e.status !== 400 || n === locales.length - 1) throw e;
          }
        }
        if (id !== this.loadId) return;
        this.resolved = data.locale;
        this.words = data.strings || {};
        this.toneNames = data.toneNames || TONE_IDS;
        this.icons = data.icons || {};
        this.defaultFrequent = data.defaultFrequent || [];
        this.applyWords();
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
        this.status(null);
        this.showGroups();
        this.shownId = id;
      } catch (e) {
        if (id === this.loadId) this.status(['loadFailed', { error: e.message }]);
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

    status(message) {
      if (message !== undefined) this.statusMessage = message;
      this.$status.textContent = [this.statusMessage, this.notice]
        .filter(Boolean)
        .map(([key, values]) => this.t(key, values))
        .join(' ');
    }

    // A string of the locale's table, each {name} filled from `values`.
    t(key, values) {
      let text = this.words[key] || EARLY[key] || key;
      for (const [name, value] of Object.entries(values || {})) text = text.split(`{${name}}`).join(value);
      return text;
    }

    // The labels written in the markup, in the locale's words.
    applyWords() {
      this.$input.placeholder = this.t('searchPlaceholder');
      this.$input.setAttribute('aria-label', this.t('searchLabel'));
      this.$bar.setAttribute('aria-label', this.t('groups'));
      this.$grid.setAttribute('aria-label', this.t('emoji'));
      this.$left.title = this.$right.title = this.t('moreGroups');
      this.$toneList.setAttribute('aria-label', this.t('defaultSkinTone'));
      this.toneButtonLabel();
      this.status();
    }

    // How many emoji this browser cannot draw, said where it helps: the preview's tooltip, the
    // preview line when nothing is selected, and a search that finds nothing.
    hiddenNote() {
      return this.hiddenCount ? this.t('hiddenInBrowser', { count: this.hiddenCount }) : '';
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
          const [frequent, recent, pinned, tones] = await Promise.all(
            [`frequent?limit=${SHOWN}`, `recent?limit=${SHOWN}`, 'pinned', 'tones'].map((p) =>
              this.get(`/v1/me/${p}`, undefined, true),
            ),
          );
          this.setNotice(null);
          return { frequent, recent, pinned, tones };
        } catch (e) {
          this.tokenFailed(e);
        }
      }
      const usage = Object.entries(load('usage', {}));
      const entry = ([key, u]) => (key[0] === ':' ? { code: key.slice(1), image: u.image, name: u.name } : { emoji: key });
      return {
        local: true,
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
          ? ['tokenRefused']
          : ['usageUnreachable', { error: e.message }],
      );
    }

    setNotice(message) {
      this.notice = message;
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
      // Usage kept in this browser starts from the defaults the store seeds (CLI, terminal, a new
      // token's user): picks come first, the defaults fill the row after them.
      if (usage.local) {
        for (const emoji of this.defaultFrequent) {
          if (this.frequent.length >= SHOWN) break;
          const obj = this.find(emoji);
          if (obj && !this.frequent.some((f) => f.obj === obj)) this.frequent.push({ emoji, name: obj.name, obj });
        }
      }
      // The tones this user chose: from the server with a token, else kept in this browser.
      this.tonePrefs = load('tones', {});
      if (usage.tones && typeof usage.tones === 'object') {
        const index = (id) => TONE_IDS.indexOf(id);
        this.defaultTone = usage.tones.default ? index(usage.tones.default) : null;
        for (const [emoji, ids] of Object.entries(usage.tones.emoji || {})) {
          if (Array.isArray(ids) && ids.every((id) => index(id) >= 0)) this.tonePrefs[emoji] = ids.map(index);
        }
        this.toneButtonLabel();
      }
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
        { id: 'frequent', name: this.t('frequent'), items: this.frequent },
        { id: 'pinned', name: this.t('pinned'), items: this.pinned },
        { id: 'recent', name: this.t('recent'), items: this.recent },
        ...this.groups,
        ...this.customSets,
      ]
        .filter((s) => s.items && s.items.length)
        // The terminal picker's icons; a custom set shows its first image.
        .map((s) => ({ ...s, icon: this.icons[s.id] || (s.items[0].image ? '' : s.items[0].emoji) }));
      this.$bar.innerHTML = this.groupSections
        .map((s) => {
          const icon = s.icon ? esc(s.icon) : `<img src="${esc(s.items[0].image)}" width="20" height="20" alt="">`;
          return `<button tabindex="-1" data-id="${esc(s.id)}" title="${esc(s.name)}" aria-label="${esc(s.name)}">${icon}</button>`;
        })
        .join('');
      this.barArrows();
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
              it.image ? image(it) : esc(this.shown(it))
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
        `<div class="e">${this.query ? [this.t('noResults'), this.hiddenNote()].filter(Boolean).map(esc).join('<br>') : ''}</div>`;
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

    // Columns as the grid laid them out (they spread over the width, or --moji-columns fixes them).
    measure() {
      const cells = this.$grid.querySelector('.c');
      if (cells) this.cols = Math.max(1, getComputedStyle(cells).gridTemplateColumns.split(' ').filter(Boolean).length);
      const cell = this.$grid.querySelector('.o');
      this.pageRows = Math.max(1, Math.floor(this.$grid.clientHeight / ((cell && cell.offsetHeight) || 36)) - 1);
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
      // Scrolled to the end, the last sections cannot reach the top: the selection's is current.
      const end = this.$grid.scrollTop + this.$grid.clientHeight >= this.$grid.scrollHeight - 2;
      if (end && this.sel && this.sel.s > this.sections.findIndex((x) => x.id === current)) {
        current = this.sections[this.sel.s].id;
      }
      for (const b of this.$bar.children) {
        b.setAttribute('aria-current', String(b.dataset.id === current));
        if (b.dataset.id === current) this.revealTab(b);
      }
    }

    // Scrolls the group bar so a tab is in view.
    revealTab(tab) {
      const bar = this.$bar;
      const left = tab.offsetLeft - bar.offsetLeft;
      if (left < bar.scrollLeft) bar.scrollLeft = left - 4;
      else if (left + tab.offsetWidth > bar.scrollLeft + bar.clientWidth) {
        bar.scrollLeft = left + tab.offsetWidth - bar.clientWidth + 4;
      }
    }

    // The arrows at the ends of the group bar, shown only where tabs are out of view.
    barArrows() {
      const bar = this.$bar;
      const over = bar.scrollWidth > bar.clientWidth + 1;
      this.$left.hidden = !over || bar.scrollLeft <= 1;
      this.$right.hidden = !over || bar.scrollLeft + bar.clientWidth >= bar.scrollWidth - 1;
    }

    scrollBar(direction) {
      this.$bar.scrollBy({ left: direction * Math.max(34, this.$bar.clientWidth - 68) });
    }

    preview(it) {
      this.$pv.title = this.hiddenNote();
      if (!it) {
        this.$pe.textContent = this.$pn.textContent = '';
        this.$ps.textContent = this.hiddenNote();
        return;
      }
      if (it.image) this.$pe.innerHTML = `<img src="${esc(it.image)}" width="32" height="32" alt="">`;
      else this.$pe.textContent = this.shown(it);
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
        this.sections = items.length ? [{ id: 'search', name: this.t('searchResults'), items }] : [];
        this.render();
        for (const b of this.$bar.children) b.setAttribute('aria-current', 'false');
      } catch (e) {
        if (e.name !== 'AbortError' && id === this.searchId) this.status(['searchFailed', { error: e.message }]);
      }
    }

    // The character a cell shows: a toned form already (frequent, recent), else the tones this
    // person chose for the emoji, else the default tone, else the emoji as it is.
    shown(it) {
      if (it.code || !it.obj || tonesOf(it.emoji).length) return it.emoji;
      const tones = this.tonesFor(it.obj);
      return (tones && withTones(it.obj, tones)) || it.emoji;
    }

    // The tones an emoji is shown and picked in, one per row of its popover, or null for none.
    tonesFor(obj) {
      const own = this.tonePrefs[obj.emoji];
      if (own) return own;
      if (this.defaultTone === null || this.defaultTone === undefined || !obj.toneTemplates) return null;
      return Array(rowCount(obj)).fill(this.defaultTone);
    }

    pick(it, tones) {
      if (!it) return;
      if (!it.code && !tones && it.obj) it = { ...it, emoji: this.shown(it) };
      const detail = it.code
        ? { code: it.code, image: it.image, name: it.name, tones: [] }
        : { emoji: it.emoji, name: it.name, tones: tones || tonesOf(it.emoji).map((t) => TONE_IDS[t]) };
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
      let tones = this.tonesFor(obj) || [0];
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
      this.$tones.setAttribute('aria-label', this.t('skinTonesOf', { name: obj.name }));
      this.$tones.innerHTML = tones
        .map(
          (t, r) =>
            `<div role="group" class="r" aria-label="${esc(tones.length > 1 ? this.t('person', { number: r + 1 }) : this.t('tone'))}">${TONE_IDS.map((_, c) => {
              const option = withTones(obj, replaced(tones, r, c));
              return `<div role="option" class="o${option ? '' : ' n'}${r === row && c === t ? ' a' : ''}" id="t${r}-${c}" data-r="${r}" data-c="${c}" aria-selected="${c === t}" aria-disabled="${!option}" aria-label="${esc(this.toneNames[c])}">${
                option ? esc(option) : `<span class="sw" style="background:${SWATCHES[c]}"></span>`
              }</div>`;
            }).join('')}</div>`,
        )
        .join('');
      const result = withTones(obj, tones);
      this.$pick.textContent = result || '—';
      this.$pick.disabled = !result;
      this.$pick.setAttribute('aria-label', result ? this.t('pick', { name: obj.name }) : this.t('noToneForm'));
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
      this.tonePrefs[obj.emoji] = tones;
      this.closePop();
      this.pick({ emoji: result, name: obj.name, obj }, tones.map((t) => TONE_IDS[t]));
    }

    // The default skin tone control: its label names the tone in use.
    toneButtonLabel() {
      const tone = this.defaultTone;
      const name = tone === null ? this.t('noSkinTone') : this.toneNames[tone];
      this.$toneButton.textContent = tone === null ? '✋' : `✋${TONE_CHARS[tone]}`;
      this.$toneButton.setAttribute('aria-label', `${this.t('defaultSkinTone')}: ${name}`);
      this.$toneButton.title = `${this.t('defaultSkinTone')}: ${name}`;
    }

    toggleToneList() {
      if (this.$toneList.hidden) this.openToneList();
      else this.closeToneList(true);
    }

    openToneList() {
      this.closePop();
      const choices = [null, 0, 1, 2, 3, 4];
      this.$toneList.innerHTML = choices
        .map((tone, n) => {
          const name = tone === null ? this.t('noSkinTone') : this.toneNames[tone];
          return `<div role="option" class="o" id="dt${n}" data-t="${tone === null ? '' : tone}" aria-selected="${tone === this.defaultTone}" aria-label="${esc(name)}" title="${esc(name)}">✋${tone === null ? '' : TONE_CHARS[tone]}</div>`;
        })
        .join('');
      this.$toneList.hidden = false;
      this.$toneButton.setAttribute('aria-expanded', 'true');
      this.moveToneCursor(Math.max(0, choices.indexOf(this.defaultTone)));
    }

    closeToneList(focusSearch) {
      if (this.$toneList.hidden) return;
      this.$toneList.hidden = true;
      this.$toneButton.setAttribute('aria-expanded', 'false');
      this.$toneButton.removeAttribute('aria-activedescendant');
      if (focusSearch) this.$input.focus();
    }

    moveToneCursor(n) {
      this.toneCursor = Math.min(5, Math.max(0, n));
      for (const o of this.$toneList.children) o.classList.toggle('a', o.id === `dt${this.toneCursor}`);
      this.$toneButton.setAttribute('aria-activedescendant', `dt${this.toneCursor}`);
    }

    toneListKey(e) {
      if (this.$toneList.hidden) {
        if (e.key !== 'ArrowDown') return;
        this.openToneList();
      } else {
        switch (e.key) {
          case 'ArrowLeft':
          case 'ArrowUp':
            this.moveToneCursor(this.toneCursor - 1);
            break;
          case 'ArrowRight':
          case 'ArrowDown':
            this.moveToneCursor(this.toneCursor + 1);
            break;
          case 'Home':
            this.moveToneCursor(0);
            break;
          case 'End':
            this.moveToneCursor(5);
            break;
          case 'Enter':
          case ' ':
            this.setDefaultTone(this.toneCursor === 0 ? null : this.toneCursor - 1);
            break;
          case 'Escape':
            this.closeToneList(true);
            break;
          case 'Tab':
            this.closeToneList(false);
            return;
          default:
            return;
        }
      }
      e.preventDefault();
    }

    // A new default tone: every emoji without a tone of its own is shown and picked in it. Kept in
    // this browser, and with a token in the user's store (PUT /v1/me/tones/default).
    async setDefaultTone(tone) {
      this.defaultTone = tone;
      save('defaultTone', tone);
      this.closeToneList(true);
      this.toneButtonLabel();
      if (this.query) this.render(this.sel && this.key(this.sel));
      else this.showGroups();
      if (this.token && !this.refused) {
        try {
          const res = await fetch(`${this.api}/v1/me/tones/default`, {
            method: 'PUT',
            headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ tone: tone === null ? null : TONE_IDS[tone] }),
          });
          if (!res.ok) throw Object.assign(new Error(`${res.status} ${res.statusText}`), { status: res.status });
        } catch (e) {
          this.tokenFailed(e);
        }
      }
    }

    popKey(e) {
      const p = this.pop;
      const last = TONE_IDS.length - 1;
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
          const total = TONE_IDS.length * p.tones.length;
          const next = (((p.row * TONE_IDS.length + p.tones[p.row] + (e.shiftKey ? -1 : 1)) % total) + total) % total;
          p.row = Math.floor(next / TONE_IDS.length);
          p.tones[p.row] = next % TONE_IDS.length;
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
