#!/bin/sh
# Builds the libFuzzer target for the forum smilie page and pack manifest parsers, and runs it.
#   Fuzz/run-sync-fuzz.sh [seconds, default 300] [extra libFuzzer flags…]
# One -sanitize= flag with both values, as Fuzz/run-text-fuzz.sh explains. libxml2 is linked as
# the system library (CLibXML2); only our Swift code and the Swift runtime get instrumented.
# Uses its own scratch path (.build-fuzz) so the normal build is untouched. The first byte of an
# input chooses the parser (0: the page, 1: a manifest, else both). Seeds are written to a fresh
# temporary folder: the two Something Awful snapshots from ../shared/data (whole, and cut into
# sections) when they are there, and small pages and manifests below; nothing is written into
# the repository. What the fuzzer finds new is kept in .build-fuzz/sync-corpus (ignored by git), so
# a second run goes on from the first; findings go to .build-fuzz/sync-findings.
set -eu
cd "$(dirname "$0")/.."
seconds="${1:-300}"
[ $# -gt 0 ] && shift
swift build -c release --product moji-sync-fuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DMOJI_FUZZING
seeds=$(mktemp -d "${TMPDIR:-/tmp}/moji-sync-fuzz.XXXXXX")
trap 'rm -rf "$seeds"' EXIT
corpus="$seeds/corpus"
mkdir -p "$corpus" .build-fuzz/sync-corpus .build-fuzz/sync-findings
# seed NAME SELECTOR TEXT: one input, the selector byte (0, 1 or 2, in octal) then the text.
seed() { { printf "\\$2"; printf '%s' "$3"; } > "$corpus/$1"; }
seed page-small 000 '<html><body><h3>Basic</h3><ul class="smilie_group"><li class="smilie"><div class="text">:smith:</div><img src="/s/smith.gif" title="smith"></li><li class="smilie"><div class="text">:o</div><img src="https://x.example/o.gif" title="oh"></li></ul></body></html>'
seed page-broken 000 '<h3>A<ul class=smilie_group><li class=smilie><div class=text>:a b:</div><img src=file:///etc/passwd title=x><li class=smilie><div class=text>:ok:<img src=//cdn.example/ok.png>'
seed pleroma 001 '{"files": {"blobcat": "blobcat.png", "fox": "sub/fox.png", "bad": "../x.png", "w": "a\\b.png"}, "pack": {"description": "Blobs", "license": "CC0"}, "files_count": 4}'
seed misskey 001 '{"metaVersion": 2, "host": "m.example", "emojis": [{"fileName": "neko.png", "downloaded": true, "emoji": {"name": "neko", "category": "Animals", "aliases": ["cat", ""]}}, {"fileName": "x.png", "downloaded": false, "emoji": {"name": "x"}}]}'
seed both 002 '{"files": {"<h3>": "<li class=\"smilie\">"}}'
for snapshot in ../shared/data/awful-smilies/*/showsmilies.html; do
    [ -f "$snapshot" ] || continue
    name=$(basename "$(dirname "$snapshot")")
    { printf '\000'; cat "$snapshot"; } > "$corpus/page-$name"
    # One section per seed (an <h3> and its list), so mutations stay small and fast.
    awk -v out="$corpus/section-$name-" 'BEGIN { n = 0; file = "" }
        /<h3/ { n++; file = sprintf("%s%02d", out, n); printf "%c", 0 > file }
        file != "" { print > file }
        /<\/ul>/ && file != "" { close(file); file = "" }' "$snapshot"
done
# -max_len holds a section of the real page; the whole pages are longer and get cut, which is
# fine: a cut page is broken HTML, which the parser must take too.
.build-fuzz/release/moji-sync-fuzz .build-fuzz/sync-corpus "$corpus" -max_total_time="$seconds" -max_len=16384 -timeout=10 \
    -rss_limit_mb=4096 -artifact_prefix=.build-fuzz/sync-findings/ -print_final_stats=1 "$@"
