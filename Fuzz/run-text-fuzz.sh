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
tests=../shared/data/unicode/17.0/emoji-test.txt
if [ -f "$tests" ]; then
    grep -v '^#' "$tests" | grep ';' | awk -F'#' '{print $2}' | awk '{print $1}' | head -400 | split -l 20 - "$corpus/seed-emoji-"
fi
exec .build-fuzz/release/moji-fuzz "$corpus" -max_total_time="$seconds" -max_len=4096 \
    -artifact_prefix=.build-fuzz/findings/ -print_final_stats=1 "$@"
