#!/bin/sh
# Builds the libFuzzer target for the text scanner, emojify and demojify, and runs it.
#   Fuzz/run-text-fuzz.sh [seconds, default 300] [extra libFuzzer flags…]
# One -sanitize= flag with both values: a second -sanitize= flag replaces the first, and without
# `fuzzer` the code gets no coverage instrumentation.
# Uses its own scratch path (.build-fuzz) so the normal build is untouched. Seeds: every line of
# emoji-test.txt when ../shared/data is present, plus the seeds below. Findings go to .build-fuzz/findings.
set -eu
cd "$(dirname "$0")/.."
seconds="${1:-300}"
[ $# -gt 0 ] && shift
swift build -c release --product moji-fuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DMOJI_FUZZING
corpus=.build-fuzz/corpus
mkdir -p "$corpus" .build-fuzz/findings
printf 'Hi :tada: :thumbsup::skin-tone-3: :) `:)` http://x/:) 👨‍👩‍👧‍👦 🇯🇵 #️⃣ © ©️' > "$corpus/seed-mixed"
printf '\xff\xc0\x80\xed\xa0\x80\xf0\x9f\x8e' > "$corpus/seed-invalid"
# Selector and joiner placements: U+FE0E and U+FE0F after single characters, after tones, flags and
# ZWJ sequences, doubled, and inside sequences; a joiner at either end.
printf 'a\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7\xef\xb8\x8eb \xf0\x9f\x87\xba\xf0\x9f\x87\xb8\xef\xb8\x8e \xe2\x9d\xa4\xef\xb8\x8e \xe2\x9d\xa4\xef\xb8\x8f\xef\xb8\x8e' > "$corpus/seed-fe0e"
printf '\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd\xef\xb8\x8e\xef\xb8\x8e \xf0\x9f\x91\xa8\xef\xb8\x8e\xe2\x80\x8d\xf0\x9f\x91\xa9 \xe2\x80\x8d\xf0\x9f\x98\x80\xe2\x80\x8d #\xef\xb8\x8e\xe2\x83\xa3' > "$corpus/seed-joiners"
tests=../shared/data/unicode/17.0/emoji-test.txt
if [ -f "$tests" ]; then
    grep -v '^#' "$tests" | grep ';' | awk -F'#' '{print $2}' | awk '{print $1}' | head -400 | split -l 20 - "$corpus/seed-emoji-"
fi
exec .build-fuzz/release/moji-fuzz "$corpus" -max_total_time="$seconds" -max_len=4096 \
    -artifact_prefix=.build-fuzz/findings/ -print_final_stats=1 "$@"
