#!/usr/bin/env bash
# Checks that an installed bowq stands alone: installs into a temporary prefix as `make
# install` does (the release build, its code laid out by scripts/bowq.order: checked below),
# then runs the README's tour with that binary
# (and an export and import of the sample in XML and JSON, which go through the Foundation
# linked into it) from a folder far from the checkout, with a new home, no BOWQ_SAMPLE_DATA and — where
# this machine allows a private mount namespace — the Swift toolchain's libraries hidden;
# then uninstalls and checks that nothing is left.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
scripts/install.sh --prefix "$prefix" --configuration release >"$work/install.log" 2>&1 || {
  cat "$work/install.log" >&2
  exit 1
}
# The linker took the order: every function scripts/bowq.order lists lies in the first half
# of the code, where a link without it leaves a quarter of them beyond.
python3 - "$prefix/bin/bowq" scripts/bowq.order <<'LAYOUT' || exit 1
import subprocess, sys
binary, order = sys.argv[1:]
listed = set(open(order).read().split())
for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True,
                           check=True).stdout.splitlines():
    fields = line.replace("[ ", "[").split()
    if len(fields) > 5 and fields[1] == ".text":
        start, size = int(fields[3], 16), int(fields[5], 16)
places = [int(fields[0], 16) for fields in (line.split() for line in subprocess.run(
    ["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines())
    if len(fields) == 3 and fields[2] in listed and fields[1] in "tTwW"]
places = [place for place in places if start <= place < start + size]
beyond = sum(place >= start + size // 2 for place in places)
if not listed or len(places) < len(listed) // 2 or beyond:
    sys.exit(f"check-install: {beyond} of the {len(places)} functions scripts/bowq.order lists "
             f"({len(listed)}) lie in the second half of the code: the order was not taken")
LAYOUT
mkdir -p "$work/home" "$work/elsewhere"

toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/lib"
# The tour, run by the installed binary from a folder outside the checkout.
cat >"$work/tour.sh" <<TOUR
cd "$work/elsewhere"
bowq() { env -i HOME="$work/home" PATH=/usr/bin:/bin LANG=C.UTF-8 "$prefix/bin/bowq" --format csv "\$@"; }
bowq --memory --sample -c 'export BowTie to "ties.xml"' -c 'export BowTie to "ties.json"' \\
  -c 'delete BowTie' -c 'import "ties.xml" into BowTie' -c 'import "ties.json" into BowTie' \\
  -c 'count BowTie where name == "Red Bow Tie" AND rating == 3.5' >exchanged
bowq -c 'fetch BowTie where searchKey == "R"' -c 'set rating = 4' -c save
bowq -c 'count BowTie where searchKey == "R" AND rating == 4'
TOUR
hidden=false
status=0
if unshare -m --propagation private true 2>/dev/null; then
  hidden=true
  unshare -m --propagation private bash -c "mount -t tmpfs tmpfs '$toolchain' && bash '$work/tour.sh'" \
    >"$work/out" 2>"$work/err" || status=$?
else
  bash "$work/tour.sh" >"$work/out" 2>"$work/err" || status=$?
  if readelf -d "$prefix/bin/bowq" | grep -E 'NEEDED.*(libswift|libFoundation|libdispatch)'; then
    echo "check-install: the installed bowq needs the Swift toolchain's libraries" >&2
    exit 1
  fi
fi
if [ "$status" != 0 ] || ! grep -q '^BowTie/p1,Red Bow Tie,R,3.5,' "$work/out" ||
  [ "$(tail -n 1 "$work/out")" != "1" ] || [ "$(tail -n 1 "$work/elsewhere/exchanged")" != "2" ]; then
  echo "check-install: the installed bowq did not run the tour:" >&2
  cat "$work/out" "$work/elsewhere/exchanged" "$work/err" >&2
  exit 1
fi
for file in share/man/man1/bowq.1 share/bash-completion/completions/bowq \
  share/zsh/site-functions/_bowq share/fish/vendor_completions.d/bowq.fish; do
  [ -s "$prefix/$file" ] || { echo "check-install: $file was not installed" >&2; exit 1; }
done
scripts/install.sh --uninstall --prefix "$prefix" >/dev/null
left="$(find "$prefix" -type f)"
if [ -n "$left" ]; then
  echo "check-install: uninstall left $left" >&2
  exit 1
fi
if $hidden; then
  echo "check-install: the installed bowq ran the tour with the Swift toolchain hidden"
else
  echo "check-install: the installed bowq ran the tour and needs no Swift toolchain library"
fi
