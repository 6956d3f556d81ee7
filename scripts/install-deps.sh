#!/usr/bin/env bash
# Installs the system packages bowq needs, when they are missing.
#
#   scripts/install-deps.sh          libedit-dev, libsqlite3-dev, zlib1g-dev and pkg-config
#                                    (to build)
#   scripts/install-deps.sh --test   the same, plus tmux, python3 and libplist-utils (to run
#                                    the tests)
#   scripts/install-deps.sh --bench  the same as without options, plus what `make bench`
#                                    compares bowq with: python3 (plistlib), a C compiler,
#                                    libplist-dev (libplist's parser, built as a peer) and
#                                    tmux (Ctrl-C at a terminal, in the engine part)
#
# Uses apt-get (through sudo when not root). The package lists are refreshed only when
# an install fails without them. Does nothing when everything is present.
set -euo pipefail

want_test_tools=false
want_bench_tools=false
case "${1:-}" in
  "") ;;
  --test) want_test_tools=true ;;
  --bench) want_bench_tools=true ;;
  *)
    echo "usage: $0 [--test | --bench]" >&2
    exit 2
    ;;
esac

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
# libedit for the shell; SQLite and zlib for Core Data stores (and SQLite for the benchmark,
# which compares against it).
for library in libedit:libedit-dev sqlite3:libsqlite3-dev zlib:zlib1g-dev; do
  if ! pkg-config --exists "${library%%:*}" 2>/dev/null; then
    missing+=("${library#*:}")
  fi
done
if $want_test_tools; then
  command -v tmux >/dev/null 2>&1 || missing+=(tmux)
  command -v python3 >/dev/null 2>&1 || missing+=(python3)
  # libplist's plistutil: a third writer of binary property lists the interop tests read.
  command -v plistutil >/dev/null 2>&1 || missing+=(libplist-utils)
fi
if $want_bench_tools; then
  command -v python3 >/dev/null 2>&1 || missing+=(python3)
  # DuckDB, a peer of the query benchmark, is installed from PyPI into a virtual environment.
  python3 -m venv --help >/dev/null 2>&1 || missing+=(python3-venv)
  command -v cc >/dev/null 2>&1 || missing+=(gcc libc6-dev)
  pkg-config --exists libplist-2.0 2>/dev/null || missing+=(libplist-dev)
  # The engine benchmark presses Ctrl-C at a real terminal.
  command -v tmux >/dev/null 2>&1 || missing+=(tmux)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-deps: missing ${missing[*]}, and apt-get is not available; install them" \
    "with your system's package manager" >&2
  exit 1
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "install-deps: missing ${missing[*]}; run as root or install sudo" >&2
    exit 1
  fi
  sudo=(sudo)
fi

install() {
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${missing[@]}"
}

echo "install-deps: installing ${missing[*]}" >&2
if ! install; then
  echo "install-deps: refreshing the package lists and trying again" >&2
  "${sudo[@]}" apt-get update
  install
fi
