#!/usr/bin/env python3
"""Generate Moji's search priors (data/priors) from wordfreq, SudachiPy and pypinyin.

Run it through script/generate-priors, which sets up the pinned virtual environment
(.build/priors-venv) and passes the default paths. The output is deterministic: the
same inputs and the same pinned packages give byte-identical files, so
`script/generate-priors --check` can compare a fresh run with the committed copy.

Outputs, under --out (see data/priors/README.md for the formats):
  emoji.tsv              emoji prior: emoji<TAB>zipf*100, in emoji-test.txt order
  words/<locale>.tsv     word prior for a CLDR locale: word<TAB>zipf*10, sorted by word
  readings/ja.tsv        Japanese readings (hiragana) of kanji names and keywords
  readings/zh.tsv        pinyin of Simplified Chinese names and keywords
  readings/zh-Hant.tsv   pinyin of Traditional Chinese names and keywords
  forms/ja.tsv           dictionary forms of the verbs and adjectives in ja names and keywords
  README.md              what the files are, how they are made, sources and licenses
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import re
import sys
import unicodedata
from importlib import metadata
from pathlib import Path

import langcodes
import msgpack
import wordfreq
from wordfreq.preprocess import preprocess_text
from wordfreq.util import data_path as wordfreq_data_path

# --------------------------------------------------------------------------------------
# Constants

FE0F = "\ufe0f"
FE0E = "\ufe0e"
TONES = {chr(c) for c in range(0x1F3FB, 0x1F400)}

# CLDR language subtag -> wordfreq language, for languages that wordfreq covers under
# another code. Every other CLDR language is used only if wordfreq has a list under the
# same code. Nynorsk (nn) is not Bokmål and is left out; yue is not Mandarin.
WORDFREQ_ALIASES = {
    "no": "nb",  # CLDR's Norwegian is Bokmål
    "bs": "sh",  # wordfreq's Serbo-Croatian list covers Bosnian, Croatian, Serbian
    "hr": "sh",
    "sr": "sh",  # Cyrillic is transliterated to Latin by wordfreq's preprocessing
}
# Script subtags whose text wordfreq can look up for that language. hi-Latn (romanized
# Hindi) is left out: wordfreq's Hindi list is in Devanagari.
WORDFREQ_SCRIPTS = {
    "zh": {"Hans", "Hant"},  # Traditional is simplified character by character
    "sr": {"Cyrl", "Latn"},
}
# Languages written without spaces between words (whole strings and segments are looked up).
UNSPACED = {"ja", "zh", "ko"}

HAN_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f々〆ヶ]")
HANZI_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
WORD_RE = re.compile(r"\w+")
DIGIT_RE = re.compile(r"\d")

MAX_JA_READINGS = 4

# --------------------------------------------------------------------------------------
# Helpers


def write_lines(path: Path, header: list[str], lines: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(f"# {h}\n" if h else "#\n" for h in header) + "".join(f"{l}\n" for l in lines)
    path.write_text(text, encoding="utf-8")


def load_annotations(path: Path) -> dict[str, dict[str, list[str]]]:
    """CLDR JSON: {"annotations"|"annotationsDerived": {"identity": ..., "annotations": {emoji: {"default": [...], "tts": [...]}}}}"""
    if not path.exists():
        return {}
    raw = json.loads(path.read_text(encoding="utf-8"))
    top = next(iter(raw.values()))
    return top.get("annotations", {})


def annotation_strings(annotations: dict[str, dict[str, list[str]]]) -> set[str]:
    strings: set[str] = set()
    for entry in annotations.values():
        for key in ("tts", "default"):
            for s in entry.get(key, []):
                s = s.strip()
                if s:
                    strings.add(s)
    return strings


def everyday_path(everyday: Path, locale: str) -> Path | None:
    for name in (locale, locale.replace("-", "_")):
        p = everyday / f"{name}.tsv"
        if p.is_file():
            return p
    return None


def everyday_words(everyday: Path, locale: str) -> set[str]:
    """First column of data/everyday/<locale>.tsv (lines starting with # are comments)."""
    p = everyday_path(everyday, locale)
    if p is None:
        return set()
    words = set()
    for line in p.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        w = line.split("\t", 1)[0].strip()
        if w:
            words.add(w)
    return words


def zipf(freq: float) -> float:
    return math.log10(freq) + 9  # wordfreq.freq_to_zipf: log10 of occurrences per billion words


def katakana_to_hiragana(s: str) -> str:
    out = []
    for ch in s:
        o = ord(ch)
        if 0x30A1 <= o <= 0x30F6:  # ァ..ヶ (incl. ヴ ヵ ヶ); ー and ヷ-ヺ have no hiragana
            out.append(chr(o - 0x60))
        else:
            out.append(ch)
    return "".join(out)


# --------------------------------------------------------------------------------------
# Emoji table (emoji-test.txt)


class EmojiTable:
    def __init__(self, path: Path):
        self.order: list[str] = []  # fully-qualified emoji in file order
        self.by_key: dict[str, str] = {}  # FE0F-stripped form -> fully-qualified
        self.version = ""
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("# Version:"):
                self.version = line.split(":", 1)[1].strip()
            if not line or line.startswith("#"):
                continue
            codes, rest = line.split(";", 1)
            status = rest.split("#", 1)[0].strip()
            if status != "fully-qualified":
                continue
            emoji = "".join(chr(int(c, 16)) for c in codes.split())
            self.order.append(emoji)
            self.by_key.setdefault(emoji.replace(FE0F, ""), emoji)
        self.index = {e: i for i, e in enumerate(self.order)}
        self.first_chars = {key[0] for key in self.by_key} | TONES | {FE0F}  # stray FE0F: "️💕"

    def neutral(self, token: str) -> tuple[str | None, bool]:
        """Map a wordfreq token to its neutral fully-qualified emoji.

        Returns (emoji or None, bare_text_default): bare_text_default is True when the
        token is a single text-presentation-default character written without FE0F
        (©, ♥, ▶ ...), which in web text is mostly typography, not an emoji.
        """
        if FE0E in token:
            return None, False  # explicitly asks for text presentation
        key = "".join(ch for ch in token if ch != FE0F and ch not in TONES)
        if not key:
            return None, False
        emoji = self.by_key.get(key)
        if emoji is None:
            return None, False
        bare_text_default = FE0F not in token and emoji == key + FE0F and len(key) == 1
        return emoji, bare_text_default

    def is_neutral(self, emoji: str) -> bool:
        return not any(ch in TONES for ch in emoji)


# --------------------------------------------------------------------------------------
# a. emoji prior


def emoji_prior(table: EmojiTable, out: Path) -> dict:
    langs = sorted(wordfreq.available_languages("best"))
    per_lang: dict[str, dict[str, float]] = {}
    for lang in langs:
        freqs = wordfreq.get_frequency_dict(lang, wordlist="best")
        counts: dict[str, float] = {}
        bare: dict[str, float] = {}
        qualified: dict[str, float] = {}
        unambiguous = 0
        for token, f in freqs.items():
            if token[0] not in table.first_chars:
                continue  # fast path: most tokens are words
            emoji, bare_td = table.neutral(token)
            if emoji is None:
                continue
            if bare_td:
                bare[emoji] = bare.get(emoji, 0.0) + f
            else:
                counts[emoji] = counts.get(emoji, 0.0) + f
                unambiguous += 1
                if len(emoji.replace(FE0F, "")) == 1 and emoji.endswith(FE0F):
                    qualified[emoji] = qualified.get(emoji, 0.0) + f
        # A bare text-default character (©, ®, ™, ♥, ▶, ✔ ...) is mostly typography in web
        # text: it counts as emoji use only up to the frequency of its FE0F form in the same list.
        for emoji, f in bare.items():
            counts[emoji] = counts.get(emoji, 0.0) + min(f, qualified.get(emoji, 0.0))
        if unambiguous:
            per_lang[lang] = counts
    used = sorted(per_lang)
    without = sorted(set(langs) - set(per_lang))
    total: dict[str, float] = {}
    for lang in used:
        for emoji, f in per_lang[lang].items():
            total[emoji] = total.get(emoji, 0.0) + f
    mean = {e: f / len(used) for e, f in total.items() if f > 0 and table.is_neutral(e)}
    rows = sorted(mean, key=table.index.__getitem__)
    # Clamped to 1..9999: the data builder reads a UInt16 and takes 0 for "no data", so an emoji
    # seen less than once per billion words on average still ranks above one never seen.
    lines = [f"{e}\t{min(9999, max(1, round(zipf(mean[e]) * 100)))}" for e in rows]
    header = [
        "Moji emoji prior: how often each emoji is used, as zipf*100 (zipf = log10 of uses per billion words), at least 1.",
        f"Source: wordfreq {metadata.version('wordfreq')} frequency lists ('best'), by Robyn Speer et al.; data CC BY-SA 4.0",
        "(https://creativecommons.org/licenses/by-sa/4.0/); this file is a derived work under the same license.",
        f"Emoji: Unicode emoji-test.txt {table.version}; toned forms count toward their neutral emoji.",
        f"Mean frequency over {len(used)} wordfreq languages with emoji tokens: {' '.join(used)}.",
        "Generated by script/generate-priors; do not edit.",
    ]
    write_lines(out / "emoji.tsv", header, lines)
    return {"languages": used, "without": without, "count": len(lines), "mean": mean}


# --------------------------------------------------------------------------------------
# b. word priors


def cldr_ids(data: Path) -> list[str]:
    return sorted(p.stem for p in (data / "cldr-48" / "annotations").glob("*.json"))


def wordfreq_language(cldr_id: str, available: set[str]) -> str | None:
    """wordfreq language for a top-level CLDR id (language or language-script), else None."""
    parts = cldr_id.split("-")
    lang = parts[0]
    wf = WORDFREQ_ALIASES.get(lang, lang)
    if wf not in available:
        return None
    if len(parts) == 1:
        return wf
    if len(parts) == 2 and len(parts[1]) == 4 and parts[1] in WORDFREQ_SCRIPTS.get(lang, set()):
        return wf
    return None


def word_locales(data: Path, available: set[str]) -> dict[str, tuple[str, list[str]]]:
    """Output locale -> (wordfreq language, annotation files it covers: itself + regional variants)."""
    ids = cldr_ids(data)
    outputs: dict[str, tuple[str, list[str]]] = {}
    for cid in ids:
        if cid == "und":
            continue
        wf = wordfreq_language(cid, available)
        if wf and load_annotations(data / "cldr-48" / "annotations" / f"{cid}.json"):
            outputs[cid] = (wf, [cid])
    for cid in ids:
        if cid in outputs:
            continue
        parts = cid.split("-")
        for n in range(len(parts) - 1, 0, -1):
            parent = "-".join(parts[:n])
            if parent in outputs:
                outputs[parent][1].append(cid)
                break
    return outputs


class ChineseSegmenter:
    """Segments Simplified Chinese into words of wordfreq's zh list (most probable path,
    as Jieba does with wordfreq's list and no HMM), so that parts of keywords get priors."""

    def __init__(self, freqs: dict[str, float]):
        self.freqs = freqs
        self.max_len = 6

    def segment(self, text: str) -> list[str]:
        n = len(text)
        best: list[tuple[float, int]] = [(0.0, 0)] * (n + 1)
        for i in range(n - 1, -1, -1):
            options = []
            for j in range(i + 1, min(n, i + self.max_len) + 1):
                w = text[i:j]
                f = self.freqs.get(w)
                if f is None and j > i + 1:
                    continue
                score = math.log(f) if f else -25.0
                options.append((score + best[j][0], j))
            best[i] = max(options)
        out, i = [], 0
        while i < n:
            j = best[i][1]
            out.append(text[i:j])
            i = j
        return out


def load_chinese_simplifier():
    table = msgpack.load(gzip.open(wordfreq_data_path("_chinese_mapping.msgpack.gz")), raw=False, strict_map_key=False)

    def simplify(text: str) -> str:
        return text.translate(table)  # character by character, as wordfreq's lookups do

    return simplify


def word_candidates(text: str, lang: str, ja_tokenizers, zh_segmenter, simplify) -> set[str]:
    lower = text.lower()
    words = set(WORD_RE.findall(lower))
    if lang in UNSPACED:
        words.add(lower)
        if lang == "ja":
            for tok in ja_tokenizers:
                for m in tok.tokenize(text):
                    s = m.surface().lower()
                    if WORD_RE.search(s):
                        words.add(s)
        elif lang == "zh":
            for run in WORD_RE.findall(lower):
                simple = simplify(run)
                pos = 0
                for seg in zh_segmenter.segment(simple):
                    words.add(run[pos : pos + len(seg)])  # keep the original script
                    pos += len(seg)
    return {w for w in words if w.strip()}


def word_priors(data: Path, everyday: Path, out: Path, ja_tokenizers, simplify) -> dict[str, int]:
    available = set(wordfreq.available_languages("best"))
    outputs = word_locales(data, available)
    zh_segmenter = ChineseSegmenter(wordfreq.get_frequency_dict("zh", wordlist="best"))
    sizes = {}
    for locale, (wf, members) in sorted(outputs.items()):
        freqs = wordfreq.get_frequency_dict(wf, wordlist="best")
        lang_tag = langcodes.Language.get(locale)
        texts: set[str] = set()
        for cid in members:
            texts |= annotation_strings(load_annotations(data / "cldr-48" / "annotations" / f"{cid}.json"))
            texts |= everyday_words(everyday, cid)
        vocab: set[str] = set()
        for t in texts:
            vocab |= word_candidates(t, wf, ja_tokenizers, zh_segmenter, simplify)
        rows = []
        for w in sorted(vocab):
            if "\t" in w or "\n" in w or DIGIT_RE.search(w):
                continue  # wordfreq folds digit strings together (10 -> 00): no real frequency
            key = preprocess_text(w, lang_tag)
            if wf == "zh":
                key = simplify(key)
            f = freqs.get(key, 0.0)
            if f <= 0:
                continue
            z = min(80, max(1, round(zipf(f) * 10)))
            rows.append(f"{w}\t{z}")
        header = [
            f"Moji word prior for {locale}: word<TAB>zipf*10 (1..80) from wordfreq's '{wf}' list.",
            f"Vocabulary: CLDR 48 names and keywords of {', '.join(members)} and data/everyday words.",
            f"Source: wordfreq {metadata.version('wordfreq')} by Robyn Speer et al.; data CC BY-SA 4.0; this file is a derived work under the same license.",
            "Generated by script/generate-priors; do not edit.",
        ]
        write_lines(out / "words" / f"{locale}.tsv", header, rows)
        sizes[locale] = len(rows)
    return sizes


# --------------------------------------------------------------------------------------
# c. Japanese readings


def devoiced(reading: str) -> str:
    """The reading with dakuten and handakuten removed (ずし -> すし)."""
    return "".join(ch for ch in unicodedata.normalize("NFD", reading) if ch not in "\u3099\u309a")


# Order of the dictionary's other readings: common nouns (and numerals, verbs ...) first, place
# names after them; affixes (人: じん as in 日本人) and personal names (顔: がん) are left out.
def alternative_rank(pos: tuple[str, ...]) -> int | None:
    if pos[0] in ("接頭辞", "接尾辞", "補助記号", "空白", "記号"):
        return None
    if pos[1] == "固有名詞":
        return None if pos[2] == "人名" else 2
    return 1


def reading_corrections(everyday: Path) -> dict[str, list[str]]:
    """data/everyday/readings/ja.tsv: text<TAB>reading|reading…, hiragana only."""
    p = everyday / "readings" / "ja.tsv"
    if not p.is_file():
        return {}
    corrections: dict[str, list[str]] = {}
    for number, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split("\t")
        readings = fields[1].split("|") if len(fields) == 2 else []
        if not readings or not all(r and all("\u3041" <= c <= "\u309f" or c == "ー" for c in r) for r in readings):
            raise SystemExit(f"{p}:{number}: expected text<TAB>reading|reading… in hiragana")
        if fields[0] in corrections:
            raise SystemExit(f"{p}:{number}: '{fields[0]}' is corrected twice")
        corrections[fields[0]] = readings
    return corrections


def ja_readings(
    data: Path, everyday: Path, out: Path, dictionary, tokenizers, forms: dict[str, list[str]]
) -> dict[str, list[str]]:

    strings = annotation_strings(load_annotations(data / "cldr-48" / "annotations" / "ja.json"))
    strings |= {form for found in forms.values() for form in found}
    strings |= annotation_strings(load_annotations(data / "cldr-48" / "annotationsDerived" / "ja.json"))
    strings |= everyday_words(everyday, "ja")
    tok_c, tok_a = tokenizers

    def is_punct(m) -> bool:
        return m.part_of_speech()[0] in ("補助記号", "空白")

    def morpheme_reading(m) -> str:
        if is_punct(m):
            return ""
        return katakana_to_hiragana(m.reading_form()).lower()

    def alternatives(surface: str) -> list[str]:
        found = []
        for m in dictionary.lookup(surface):
            rank = alternative_rank(m.part_of_speech())
            if rank is not None:
                found.append((rank, katakana_to_hiragana(m.reading_form()).lower()))
        return [r for _, r in sorted(found, key=lambda x: x[0])]  # stable: dictionary order within a rank

    result: dict[str, list[str]] = {}
    for text in sorted(strings):
        if "\t" in text or not HAN_RE.search(text):
            continue
        morphs_c = [m for m in tok_c.tokenize(text)]
        morphs_a = [m for m in tok_a.tokenize(text)]
        readings: list[str] = []

        def add(r: str) -> None:
            r = r.strip()
            if r and r not in readings and not HAN_RE.search(r):
                readings.append(r)

        add("".join(morpheme_reading(m) for m in morphs_c))
        add("".join(morpheme_reading(m) for m in morphs_a))
        content = [m for m in morphs_c if not is_punct(m)]
        # Short texts (one or two morphemes): the other readings SudachiDict has for the exact
        # surface (日本: にっぽん, にほん).
        if len(content) == 1:
            for r in alternatives(content[0].surface()):
                add(r)
        elif len(content) == 2:
            for r in alternatives(text):
                add(r)
        # Drop voiced (rendaku) forms of a reading already there (寿司: ずし, 雷: がみなり) and
        # clipped forms (一: いっ), which only occur inside compounds.
        kept: list[str] = []
        for i, r in enumerate(readings):
            if i > 0 and (r.endswith("っ") or any(devoiced(r) == devoiced(k) for k in kept)):
                continue
            kept.append(r)
        readings = kept
        readings = readings[:MAX_JA_READINGS]
        if readings:
            result[text] = readings
    # Reviewed readings replace the dictionary's where its are wrong for the word as people use it
    # (ドヤ顔 is どやがお, not どやかお; 甘い is not also うまい, which would put 🍬 on "うまい").
    for text, readings in reading_corrections(everyday).items():
        if text not in result:
            raise SystemExit(
                f"{everyday / 'readings' / 'ja.tsv'}: '{text}' is no name, keyword or everyday word with a kanji; "
                "remove its line"
            )
        result[text] = readings
    lines = [f"{t}\t{'|'.join(rs)}" for t, rs in sorted(result.items())]
    header = [
        "Moji Japanese readings: text<TAB>reading|reading... (hiragana; the tokenizer's reading first).",
        "Texts: CLDR 48 ja names and keywords (annotations, annotationsDerived) and data/everyday/ja.tsv words that contain kanji.",
        f"Readings: SudachiPy {metadata.version('sudachipy')} with SudachiDict core {metadata.version('sudachidict-core')} (Apache-2.0, Works Applications).",
        "Generated by script/generate-priors; do not edit.",
    ]
    write_lines(out / "readings" / "ja.tsv", header, lines)
    return result


# The kana a verb stem ends with in its continuative form (泣き, 照れ), with the dictionary form's
# last kana for godan verbs (き → く); ichidan verbs add る to the stem (照れ → 照れる).
GODAN_ENDINGS = {
    "い": "う", "き": "く", "ぎ": "ぐ", "し": "す", "ち": "つ", "に": "ぬ", "び": "ぶ", "み": "む", "り": "る",
}
ICHIDAN_ENDINGS = set("いきぎしじちにひびみりえけげせぜてでねへべめれ")


def ja_forms(data: Path, everyday: Path, out: Path, dictionary, tokenizers) -> dict[str, list[str]]:
    """Dictionary forms of the verbs and adjectives in ja names and keywords: 怒った顔 is found by
    怒る, 驚き by 驚く, 泣き顔 by 泣く, 悲しみ by 悲しい. People type a word in its dictionary form
    (and an input method commits it so), while CLDR writes it inflected or made a noun."""
    strings = annotation_strings(load_annotations(data / "cldr-48" / "annotations" / "ja.json"))
    strings |= annotation_strings(load_annotations(data / "cldr-48" / "annotationsDerived" / "ja.json"))
    tok_c, _ = tokenizers

    def is_word(candidate: str, pos: str) -> bool:
        return any(m.surface() == candidate and m.part_of_speech()[0] == pos for m in dictionary.lookup(candidate))

    result: dict[str, list[str]] = {}
    for text in sorted(strings):
        # Toned and other derived names ("…: 濃い肌色") follow their base emoji's forms.
        if "\t" in text or ": " in text or not HAN_RE.search(text):
            continue
        forms: list[str] = []

        def add(form: str) -> None:
            if form != text and form not in forms and HAN_RE.search(form):
                forms.append(form)

        # Inflected or not, a verb or adjective inside a longer text (困った顔, 考える顔); auxiliary
        # verbs (する, いる, ある: 非自立可能) say nothing of the emoji.
        for m in tok_c.tokenize(text):
            pos = m.part_of_speech()
            if pos[0] in ("動詞", "形容詞") and pos[1] != "非自立可能" and m.dictionary_form() != text:
                add(m.dictionary_form())
        # A verb made a noun by its continuative form, alone or in a compound (驚き, 泣き顔, 照れ笑い),
        # and an adjective made a noun (悲しみ, 嬉しさ): a kanji and the kana after it, checked
        # against the dictionary.
        for i in range(len(text) - 1):
            kanji, kana = text[i], text[i + 1]
            if not HAN_RE.match(kanji) or HAN_RE.match(kana):
                continue
            if kana in GODAN_ENDINGS and is_word(kanji + GODAN_ENDINGS[kana], "動詞"):
                add(kanji + GODAN_ENDINGS[kana])
            if kana in ICHIDAN_ENDINGS and is_word(kanji + kana + "る", "動詞"):
                add(kanji + kana + "る")
            if kana == "し" and text[i + 2 : i + 3] in ("み", "さ") and is_word(kanji + "しい", "形容詞"):
                add(kanji + "しい")
        if forms:
            result[text] = forms
    lines = [f"{t}\t{'|'.join(fs)}" for t, fs in sorted(result.items())]
    header = [
        "Moji Japanese dictionary forms: text<TAB>form|form... (the verbs and adjectives in a CLDR ja name or keyword).",
        f"Forms: SudachiPy {metadata.version('sudachipy')} with SudachiDict core {metadata.version('sudachidict-core')} (Apache-2.0, Works Applications).",
        "Generated by script/generate-priors; do not edit.",
    ]
    write_lines(out / "forms" / "ja.tsv", header, lines)
    return result


# --------------------------------------------------------------------------------------
# d. Chinese pinyin


def zh_readings(data: Path, everyday: Path, out: Path, locale: str, simplify) -> dict[str, str]:
    from pypinyin import Style, lazy_pinyin

    strings = annotation_strings(load_annotations(data / "cldr-48" / "annotations" / f"{locale}.json"))
    strings |= annotation_strings(load_annotations(data / "cldr-48" / "annotationsDerived" / f"{locale}.json"))
    strings |= everyday_words(everyday, locale)
    result: dict[str, str] = {}
    for text in sorted(strings):
        if "\t" in text or not HANZI_RE.search(text):
            continue
        # Traditional text is simplified character by character first: pypinyin's phrase
        # data is Simplified, and per-character guesses get polyphones wrong (長頸鹿: zhang).
        source = simplify(text) if locale != "zh" else text
        syllables = []
        for piece in lazy_pinyin(source, style=Style.NORMAL):
            syllables.extend(WORD_RE.findall(piece.lower()))
        if syllables:
            result[text] = " ".join(syllables)
    lines = [f"{t}\t{p}" for t, p in sorted(result.items())]
    header = [
        f"Moji pinyin for {locale}: text<TAB>syllable syllable ... (toneless, lowercase; ü is written v as pypinyin's NORMAL style gives it).",
        f"Texts: CLDR 48 {locale} names and keywords (annotations, annotationsDerived) and data/everyday words that contain hanzi.",
        f"Pinyin: pypinyin {metadata.version('pypinyin')} (MIT), lazy_pinyin(text, style=Style.NORMAL)"
        + ("; Traditional characters are simplified first (wordfreq's character map)." if locale != "zh" else "."),
        "Generated by script/generate-priors; do not edit.",
    ]
    write_lines(out / "readings" / f"{locale}.tsv", header, lines)
    return result


# --------------------------------------------------------------------------------------
# e. README


def wrap(text: str, width: int = 96, indent: str = "  ") -> str:
    """Wraps a long run of words for the README (first line continues the sentence)."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width - len(indent):
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return f"\n{indent}".join(lines)


def readme(out: Path, emoji_info: dict, word_sizes: dict[str, int]) -> None:
    v = metadata.version
    langs = " ".join(emoji_info["languages"])
    locales = ", ".join(f"`{l}`" for l in sorted(word_sizes))
    text = f"""# Search priors

Generated by `script/generate-priors` (which runs `script/generate_priors.py` in a pinned virtual
environment, `.build/priors-venv`); never edit these files by hand. `script/generate-priors --check`
regenerates them into a temporary folder and fails when the committed copy differs.

Inputs: `../shared/data` (Unicode emoji-test.txt 17.0, CLDR 48 annotations) and `data/everyday`.
Pinned tools (`script/priors-requirements.txt`): wordfreq {v('wordfreq')}, SudachiPy {v('sudachipy')},
sudachidict-core {v('sudachidict-core')}, pypinyin {v('pypinyin')}.

## Files

All files are UTF-8, tab-separated, one entry a line; lines starting with `#` are comments.

### `emoji.tsv`: emoji prior

`emoji<TAB>zipf×100`, in emoji-test.txt order; {emoji_info['count']} neutral (untoned), fully-qualified
Unicode 17.0 emoji. zipf = log10 of uses per billion words, as wordfreq defines it.

- Taken from wordfreq's frequency lists (`get_frequency_dict(lang, 'best')`, read directly, no
  tokenizer): every token that is an emoji. A token is compared with emoji-test.txt with FE0F
  removed; a skin-toned token counts toward its neutral emoji; tokens that are not RGI emoji
  (symbols such as ★ ♪ °, lone skin-tone modifiers, text-style FE0E forms) are dropped.
- A text-presentation-default character written without FE0F (© ® ™ ♥ ▶ ✔ …) is mostly
  typography in web text; it counts as emoji use only up to the frequency of its FE0F form in the
  same list (so © ® ™, nearly never written ©️ ®️ ™️, get a low prior, while ❤ counts about double ❤️).
- Combined frequency = mean over the {len(emoji_info['languages'])} wordfreq languages that have emoji tokens (at least one
  token that maps to an RGI emoji, bare text-default characters aside), a language without the
  token counting 0:
  {wrap(langs)}.
  Left out, with no such token: {" ".join(emoji_info['without'])}.
  Lists are not weighted by size, so a list with much social-media text (hi: 🚩 🇮🇳 🙏) weighs as much as any other.
- Values are clamped to 1..9999: emoji seen in only one or two lists (below one use per billion
  words on average, zipf < 0.01) get 1, so that they still rank above the emoji absent from every
  list, which have no line (the data builder's 0, "no data").

### `words/<locale>.tsv`: word priors

`word<TAB>zipf×10` (integer, clamped to 1..80), sorted by word (code point order). One file per
top-level CLDR locale (language, or language-script) of `cldr-48/annotations` whose language
wordfreq covers, named with the CLDR id as the annotations files are (`zh-Hant.tsv`):
{wrap(locales, indent="")}.
A file covers its regional variants too (`en` has en-GB, en-AU …; `pt` has pt-PT; `zh-Hant` has
zh-Hant-HK; `sr` has sr-Cyrl-BA), so the data builder can fall back along CLDR parents.

- Vocabulary: every word of the locale's CLDR names (`tts`) and keywords (`default`) in
  `annotations/<id>.json` (not annotationsDerived), plus the first column of
  `data/everyday/<id>.tsv` when present. Words are `\\w+` runs of the lowercased text; for ja, zh
  and ko the whole strings are candidates too, and so are the SudachiPy morphemes (modes A and C) of
  Japanese text and the segments of Chinese text (most probable split into words of wordfreq's zh
  list, as Jieba does with it).
- Frequency: the word looked up directly in wordfreq's list after wordfreq's own preprocessing
  (case folding, normalization, Serbian Cyrillic → Latin) and, for Chinese, character-by-character
  simplification (wordfreq's map). Words with frequency 0 are omitted, and so are words with
  digits (wordfreq folds digit strings together: 10 and 99 are both `00`).
- CLDR → wordfreq languages: the same code, except `no` → `nb`; `bs`, `hr`, `sr`, `sr-Latn` → `sh`
  (Serbo-Croatian); `zh-Hant` → `zh`. `hi-Latn` is left out (the Hindi list is Devanagari), as are
  `nn` and `yue`.

### `readings/ja.tsv`: Japanese readings

`text<TAB>reading|reading…` in hiragana (katakana converted, ー kept), sorted by text. Texts: every
distinct ja CLDR name and keyword (`annotations/ja.json` and `annotationsDerived/ja.json`) and
`data/everyday/ja.tsv` word that contains a kanji.

- First reading: the morphemes' `reading_form()` in SplitMode.C, concatenated (punctuation and
  spaces dropped); then SplitMode.A's if it differs. Sudachi's choice is taken as it is, including
  its rare misreadings (it reads 十三夜月 as 十三 + the name 夜月, じゅうさんないと).
- For texts of one or two morphemes, the other readings SudachiDict has for the same surface
  (`Dictionary.lookup` of the text's one content morpheme, or of the whole text for two): 日本
  にっぽん|にほん, 雷 かみなり|らい|いかずち. Common-noun readings come before place-name readings;
  affix readings (人: じん), personal-name readings (顔: がん), voiced (rendaku) forms of a reading
  already there (寿司: ずし) and clipped forms (一: いっ) are left out. At most {MAX_JA_READINGS}
  readings per text.
- `data/everyday/readings/ja.tsv` (reviewed for Moji) replaces all of a text's readings where
  SudachiDict's are wrong for the word as people use it: a misreading (ドヤ顔 どやかお for どやがお,
  陽キャ ひきゃ for ようきゃ) or a rare reading that takes over a common word (甘い うまい, which put
  🍬 on "うまい"; 猿 ましら). A line for a text that is not among the texts above is an error.

### `forms/ja.tsv`: Japanese dictionary forms

`text<TAB>form|form…`, sorted by text: the dictionary forms of the verbs and adjectives in a ja
CLDR name or keyword (`annotations/ja.json`, `annotationsDerived/ja.json`; derived names with
`: `, such as skin tones, are left out), so that what people type (怒る, 驚く, 泣く, 悲しい) finds
what CLDR wrote inflected or as a noun (怒った顔, 驚き, 泣き顔, 悲しみ). The builder indexes a form
and its readings (also in `readings/ja.tsv`) as a keyword of the emoji.

- Every verb (`動詞`, except the auxiliary-like `非自立可能` ones: する, いる, ある) and adjective
  (`形容詞`) morpheme of SplitMode.C, by its `dictionary_form()`, unless it is the whole text.
- A kanji followed by the kana of a continuative stem (驚き, 泣き顔, お祝い, 照れ笑い) gives the verb
  it would be (驚く, 泣く, 祝う, 照れる), and a kanji followed by しみ or しさ gives the adjective
  (悲しい), each only when SudachiDict has that verb or adjective.

### `readings/zh.tsv`, `readings/zh-Hant.tsv`: pinyin

`text<TAB>syllable syllable…`: toneless, lowercase pinyin from pypinyin
`lazy_pinyin(text, style=Style.NORMAL)`; ü is written `v` (绿 `lv`), as pypinyin's NORMAL style
gives it. Non-Han parts are kept as lowercase words (T恤 `t xu`), punctuation dropped. Traditional
text is simplified character by character first, because pypinyin's phrase data is Simplified (長頸鹿
would otherwise read `zhang jing lu`). Texts: every distinct CLDR name and keyword of the locale
(annotations and annotationsDerived) and `data/everyday/<locale>.tsv` word that contains a hanzi.

## Sources and licenses

- **wordfreq {v('wordfreq')}**, by Robyn Speer et al. (https://github.com/rspeer/wordfreq). Code
  Apache-2.0; data CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/). Attribution:
  "wordfreq by Robyn Speer, data CC BY-SA 4.0". `emoji.tsv` and `words/*.tsv` are derived from its
  data and are distributed under CC BY-SA 4.0. wordfreq's data comes from Exquisite Corpus, which
  compiles Wikipedia, subtitles (OPUS OpenSubtitles 2018, used with attribution to OpenSubtitles;
  SUBTLEX by Marc Brysbaert et al., freely available data, whose authors must be credited), news
  (NewsCrawl 2014, GlobalVoices), books (Google Books Ngrams 2012), web text (OSCAR, ParaCrawl),
  Twitter, Reddit, the Leeds Internet Corpus (University of Leeds Centre for Translation Studies),
  and, for Chinese, the wordlist that comes with the Jieba segmenter.
- **SudachiPy {v('sudachipy')}** and **SudachiDict core {v('sudachidict-core')}** (sudachidict-core), by
  Works Applications Co., Ltd.: Apache-2.0. `readings/ja.tsv` and `forms/ja.tsv` hold readings and
  dictionary forms from SudachiDict.
- **pypinyin {v('pypinyin')}**, by mozillazg: MIT. Its single-character data is pinyin-data (MIT,
  built from the Unicode Unihan database: Unicode License v3, and zdic.net); its phrase data is
  phrase-pinyin-data (MIT, built from hotoo/pinyin's phrase dictionary and checked against zdic.net,
  CC-CEDICT and other dictionaries). `readings/zh*.tsv` hold its output.
- **Unicode CLDR 48** annotations and **Unicode Emoji 17.0** emoji-test.txt: Unicode License v3
  (https://www.unicode.org/license.txt). They give the vocabulary, the texts and the emoji list.
"""
    (out / "README.md").write_text(text, encoding="utf-8")


# --------------------------------------------------------------------------------------


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, required=True, help="raw data folder (../shared/data)")
    ap.add_argument("--everyday", type=Path, required=True, help="everyday words folder (data/everyday)")
    ap.add_argument("--out", type=Path, required=True, help="output folder (data/priors)")
    args = ap.parse_args(argv)

    from sudachipy import Dictionary, SplitMode

    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    for sub in ("words", "readings", "forms"):
        for old in (out / sub).glob("*.tsv"):
            old.unlink()  # a locale that went away must not leave a stale file

    table = EmojiTable(args.data / "unicode" / "17.0" / "emoji-test.txt")
    emoji_info = emoji_prior(table, out)

    dictionary = Dictionary(dict="core")
    tokenizers = (dictionary.tokenizer(mode=SplitMode.C), dictionary.tokenizer(mode=SplitMode.A))
    simplify = load_chinese_simplifier()

    word_sizes = word_priors(args.data, args.everyday, out, tokenizers, simplify)
    forms = ja_forms(args.data, args.everyday, out, dictionary, tokenizers)
    ja = ja_readings(args.data, args.everyday, out, dictionary, tokenizers, forms)
    zh = zh_readings(args.data, args.everyday, out, "zh", simplify)
    zh_hant = zh_readings(args.data, args.everyday, out, "zh-Hant", simplify)
    readme(out, emoji_info, word_sizes)

    print(
        f"emoji.tsv: {emoji_info['count']} emoji from {len(emoji_info['languages'])} languages; "
        f"words: {len(word_sizes)} locales, {sum(word_sizes.values())} words; "
        f"readings: ja {len(ja)}, zh {len(zh)}, zh-Hant {len(zh_hant)}; ja dictionary forms {len(forms)}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
