#!/usr/bin/env python3
"""Builds the text corpus for `moji-bench text`: chat-like natural-language text with about one
emoji per 40 characters, drawn uniformly from the whole catalog (ZWJ sequences, flags, keycaps,
skin tones included), in several languages. Deterministic: the same seed gives the same bytes.

    python3 Benchmarks/make-text-corpus.py --output .build/text-corpus.txt [--megabytes 12] [--seed 2025]

Standard library only. The emoji come from the committed catalog (Sources/Moji/Resources/Catalog/emoji.bin).
"""
import argparse
import itertools
import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(HERE, "..", "Sources", "Moji", "Resources", "Catalog", "emoji.bin")

ENGLISH = """the of and to in is you that it he was for on are as with his they at be this have from or one
had by word but not what all were we when your can said there use an each which she do how their if will up
other about out many then them these so some her would make like him into time has look two more write go see
number no way could people my than first water been call who oil its now find long down day did get come made
may part over new sound take only little work know place year live me back give most very after thing our just
name good sentence man think say great where help through much before line right too mean old any same tell boy
follow came want show also around form three small set put end does another well large must big even such because
turn here why ask went men read need land different home us move try kind hand picture again change off play
spell air away animal house point page letter mother answer found study still learn should world meeting deploy
release coffee weekend tomorrow tonight awesome thanks congrats lunch merge review ticket build broken fixed""".split()
GERMAN = "und der die das nicht mit ist ich wir Größe schön Grüße morgen Frühstück natürlich bitte danke".split()
FRENCH = "le la les et est très bientôt déjà merci café à demain génial voilà ça été".split()
SPANISH = "el la que de y mañana gracias señor año niño está qué bien fiesta".split()
JAPANESE = "今日 明日 ありがとう 会議 天気 ラーメン 東京 楽しい よろしく お疲れさま".split()
RUSSIAN = "привет спасибо сегодня завтра отлично работа друг хорошо".split()
LANGUAGES = [(ENGLISH, 0.80), (GERMAN, 0.05), (FRENCH, 0.05), (SPANISH, 0.04), (JAPANESE, 0.03), (RUSSIAN, 0.03)]
PUNCTUATION = [".", ".", ".", "!", "?", ",", ",", ":", " -", "..."]


def catalog_emoji():
    """The fully-qualified emoji (components left out) of emoji.bin, in CLDR order (layout: see
    EmojiTableFormat in Sources/Moji/Catalog/EmojiTableFile.swift)."""
    with open(TABLE, "rb") as handle:
        data = handle.read()
    magic, _version, count, _blob_size = struct.unpack_from("<8sIII", data, 0)
    assert magic == b"MOJIEMOJ", "not a Moji emoji table"
    offset = 20 + count * 12
    emoji = []
    for row in range(count):
        length, flags = struct.unpack_from("<BB", data, 20 + row * 12)
        if not flags & 1:
            emoji.append(data[offset:offset + length].decode("utf-8"))
        offset += length
    return emoji


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", required=True)
    parser.add_argument("--megabytes", type=float, default=12)
    parser.add_argument("--seed", type=int, default=2025)
    parser.add_argument("--chars-per-emoji", type=int, default=40)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    emoji = catalog_emoji()
    words = [w for lang, weight in LANGUAGES for w in lang]
    weights = [weight / len(lang) for lang, weight in LANGUAGES for _ in lang]
    cumulative = list(itertools.accumulate(weights))
    target = int(args.megabytes * 1_000_000)
    size = 0
    parts = []
    since_emoji = 0
    gap = rng.randint(1, 2 * args.chars_per_emoji)
    line_length = 0
    while size < target:
        word = rng.choices(words, cum_weights=cumulative)[0]
        if rng.random() < 0.08:
            word += rng.choice(PUNCTUATION)
        piece = word + " "
        if since_emoji >= gap:
            piece += rng.choice(emoji) + " "
            since_emoji = 0
            gap = rng.randint(1, 2 * args.chars_per_emoji - 1)
        since_emoji += len(word) + 1
        line_length += len(piece)
        if line_length > rng.randint(60, 400):
            piece = piece.rstrip(" ") + "\n"
            line_length = 0
        parts.append(piece)
        size += len(piece.encode("utf-8"))
    with open(args.output, "w", encoding="utf-8") as handle:
        handle.write("".join(parts))
    text = "".join(parts)
    print(f"wrote {args.output}: {size / 1e6:.1f} MB, {len(text)} characters, {len(emoji)} catalog emoji, seed {args.seed}")


if __name__ == "__main__":
    main()
