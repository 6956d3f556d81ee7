#!/usr/bin/env bash
# Builds the libFuzzer target for bowq's binary property-list reader and store decoder
# (Fuzz/PlistReaderFuzzer) with AddressSanitizer, and runs it on the seed corpus.
#
#   scripts/fuzz.sh [SECONDS]     fuzz for SECONDS (default 600), one job
#   scripts/fuzz.sh --build       only build .build/fuzz/plist-reader-fuzzer
#   scripts/fuzz.sh --run FILE…   run the built fuzzer once on each FILE (a crash to replay)
#
# New inputs that reach new code go to .build/fuzz/corpus (the committed seeds in
# Fuzz/corpus stay as they are); crashes, leaks and hangs go to .build/fuzz/artifacts/.
# See docs/fuzzing.md.
set -euo pipefail

cd "$(dirname "$0")/.."
out=.build/fuzz
binary=$out/plist-reader-fuzzer

build() {
  mkdir -p "$out"
  # The BowQ sources compiled into one module with the fuzzer's entry point, so internal
  # API is reachable; -parse-as-library because the entry point is libFuzzer's main.
  find Sources/BowQ Fuzz/PlistReaderFuzzer -name '*.swift' -print0 | sort -z |
    xargs -0 swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
      -module-name PlistReaderFuzzer -o "$binary"
}

case "${1:-}" in
  --build)
    build
    exit 0
    ;;
  --run)
    shift
    [ -x "$binary" ] || build
    exec "$binary" -runs=1 "$@"
    ;;
esac

seconds=${1:-600}
build
mkdir -p "$out/corpus" "$out/artifacts"
exec "$binary" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
  -dict=Fuzz/bplist.dict -artifact_prefix="$out/artifacts/" -print_final_stats=1 \
  "$out/corpus" Fuzz/corpus
