#!/usr/bin/env bash
# Writes scripts/bowq.order: the functions an installed bowq runs for the work people do
# most, which install.sh has the linker place together at the start of the binary's code.
#
#   scripts/symbol-order.sh
#
# The kernel maps a program's code 64 kB at a time around each function it runs, so
# functions run together but scattered over the 19 MB of code (bowq's, the Swift
# runtime's and Foundation's) make a process hold most of it. Code compiled without a
# section per function (parts of Foundation and the Swift runtime) moves a file at a time.
# Run this after changes that move a lot of code; a function the list misses still runs,
# from where it lies.
#
# It installs bowq (release) into a scratch prefix and runs it under Valgrind's callgrind:
# on a store of 200,000 made-up ties, the statements the benchmarks time (indexed and `[c]`
# counts, a sorted fetch, an update and a save); then the version and help, every script in
# Examples/, and exports and imports in each format. Every function of the binary that ran
# is listed, with the first of those runs it ran in and by name within one, so that what a
# one-statement process runs comes first, and the list changes only where the code does.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
for tool in valgrind python3; do
  command -v "$tool" >/dev/null || { $sudo apt-get update -qq && $sudo apt-get install -y -qq "$tool"; }
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
scripts/install.sh --prefix "$work/prefix" --configuration release >"$work/install.log" 2>&1 || {
  cat "$work/install.log" >&2
  exit 1
}
bowq="$work/prefix/bin/bowq"
mkdir -p "$work/home" "$work/profiles"
runs=0
profile() {
  runs=$((runs + 1))
  env -i HOME="$work/home" PATH=/usr/bin:/bin LANG=C.UTF-8 valgrind -q --tool=callgrind \
    --callgrind-out-file="$work/profiles/$(printf %03d "$runs").%p" "$bowq" "$@" \
    >/dev/null 2>&1 || true
}

python3 - "$work/ties.csv" <<'MAKE'
import csv, random, sys, uuid
random.seed(7)
colors = ["Red", "Orange", "Yellow", "Green", "Blue", "Indigo", "Violet", "Black", "White"]
with open(sys.argv[1], "w", newline="") as out:
    rows = csv.writer(out)
    rows.writerow(["name", "searchKey", "rating", "timesWorn", "lastWorn", "isFavorite", "id"])
    for n in range(200_000):
        color = random.choice(colors)
        rows.writerow([f"{color} Bow Tie {n}", color[0], random.randint(0, 10) / 2,
                       random.randint(0, 40), f"2024-0{random.randint(1, 9)}-1{n % 10}T09:30:00Z",
                       random.choice(["YES", "NO"]), str(uuid.UUID(int=random.getrandbits(128)))])
MAKE
store="$work/ties.bowq"
env -i HOME="$work/home" PATH=/usr/bin:/bin LANG=C.UTF-8 "$bowq" --store "$store" \
  -c 'entity BowTie { name: String, searchKey: String, rating: Double min 0 max 5,
        timesWorn: Int32, lastWorn: Date?, isFavorite: Bool, id: UUID unique, index searchKey }' \
  -c "import \"$work/ties.csv\" into BowTie" -c 'count BowTie where searchKey == "R"' -c save \
  >/dev/null 2>&1

# In the order of the list: what a one-statement process runs first, then the rest.
profile --read-only --store "$store" -c 'count BowTie where searchKey == "R"'
profile --read-only --store "$store" -c 'count BowTie where rating > 3 AND name CONTAINS[c] "blue"'
profile --read-only --store "$store" -c 'fetch BowTie sort by rating desc limit 10'
profile --store "$store" -c '.timer on' -c 'count BowTie where searchKey == "R"' \
  -c 'update BowTie set rating = 2' -c save
profile --version
profile --help
for script in Examples/*.bowq; do
  read -ra words <<<"$(sed -n 's/^-- run with: bowq //p' "$script")"
  profile "${words[@]}"
done
for format in csv json jsonl xml; do
  profile --store "$store" --format "$format" -c 'fetch BowTie where rating > 4'
  profile --memory --sample -c "export BowTie to \"$work/ties.$format\"" -c 'delete BowTie' \
    -c "import \"$work/ties.$format\" into BowTie"
done

python3 - "$bowq" "$work/profiles" scripts/bowq.order <<'LIST'
import os, re, subprocess, sys
binary, profiles, order = sys.argv[1:]
defined = set()
for line in subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True,
                           check=True).stdout.splitlines():
    parts = line.split(None, 2)
    if len(parts) == 3 and parts[1] in "tTwW":
        defined.add(parts[2])
# Each function goes with the first run it ran in, and within a run by name.
first = {}
for run, name in enumerate(sorted(os.listdir(profiles))):
    names = {}
    for line in open(os.path.join(profiles, name), errors="replace"):
        match = re.match(r"c?fn=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if match:
            number, text = match.groups()
            if text:
                names[number] = text
            if names[number] in defined:
                first.setdefault(names[number], run)
listed = sorted(first, key=lambda name: (first[name], name))
with open(order, "w") as out:
    out.write("".join(name + "\n" for name in listed))
print(f"symbol-order: {len(listed)} functions listed in {order}")
LIST
