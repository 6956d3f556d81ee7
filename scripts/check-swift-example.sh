#!/usr/bin/env bash
# Builds and runs Examples/SwiftStore, a Swift program on the BowQ library (the sample
# chapter's flow against a temporary store), and compares what it prints with
# Examples/SwiftStore/expected-output.txt.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../Examples/SwiftStore"
SWIFT="${SWIFT:-swift}"
"$SWIFT" build
output=$("$SWIFT" run --skip-build SwiftStore)
if ! diff -u expected-output.txt <(printf '%s\n' "$output"); then
  echo "check-swift-example: Examples/SwiftStore printed something else (above)" >&2
  exit 1
fi
echo "check-swift-example: Examples/SwiftStore builds and prints what it should"
