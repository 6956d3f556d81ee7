#!/usr/bin/env bash
# Installs bowq under a prefix, or removes what it installed.
#
#   scripts/install.sh [--prefix DIR] [--configuration release|debug] [--binary FILE]
#   scripts/install.sh --uninstall [--prefix DIR]
#
# PREFIX defaults to ~/.local. Installed: bin/bowq (the sample data and the lessons are
# inside it), share/man/man1/bowq.1, and completions for bash, zsh and fish, the last three
# made from `bowq --help` so that they name exactly the options it has. The binary is
# linked with the Swift runtime and Foundation inside it where the toolchain allows, so it
# runs where no Swift toolchain is; it still uses Debian's libedit, SQLite, zlib and
# libxml2. --binary installs an already built bowq instead of building one.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

prefix="${PREFIX:-$HOME/.local}"
configuration=release
binary=""
uninstall=false
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="$2"; shift 2 ;;
    --configuration) configuration="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --uninstall) uninstall=true; shift ;;
    *) echo "usage: $0 [--prefix DIR] [--configuration release|debug] [--binary FILE] [--uninstall]" >&2; exit 2 ;;
  esac
done

installed=(
  "bin/bowq"
  "share/man/man1/bowq.1"
  "share/bash-completion/completions/bowq"
  "share/zsh/site-functions/_bowq"
  "share/fish/vendor_completions.d/bowq.fish"
)

if $uninstall; then
  for file in "${installed[@]}"; do
    if [ -f "$prefix/$file" ] && [ ! -L "$prefix/$file" ]; then
      rm -f "$prefix/$file"
      echo "removed $prefix/$file"
    fi
  done
  exit 0
fi

if [ -z "$binary" ]; then
  scripts/install-deps.sh
  # Foundation's static libraries need each other in turn: link them as one group.
  linking=(--static-swift-stdlib -Xlinker --start-group)
  for library in FoundationXML _CFXMLInterface Foundation FoundationInternationalization \
    FoundationEssentials CoreFoundation _FoundationCollections _FoundationCShims _FoundationICU; do
    linking+=(-Xlinker "-l$library")
  done
  linking+=(-Xlinker --end-group -Xlinker -lxml2)
  # lld packs the relative relocations (glibc 2.36 and later read them): 2 MB that each
  # bowq process would otherwise read and apply as it starts.
  packing=(-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs)
  building=(-c "$configuration")
  if [ "$configuration" = release ]; then
    # Each function in a section of its own, and lld puts those scripts/bowq.order names
    # (what the common work runs) together at the start of the code: the kernel maps code
    # 64 kB around each function run, so a process then holds about 6 MB of the binary's
    # code rather than 12. The flags differ from a plain release build's, so the build has
    # a folder of its own, and the two do not rebuild each other's objects in turn.
    building+=(--scratch-path .build/install -Xswiftc -Xfrontend -Xswiftc -function-sections)
    packing+=(-Xlinker "--symbol-ordering-file=$PWD/scripts/bowq.order"
      -Xlinker --no-warn-symbol-ordering)
  fi
  binary="$(swift build "${building[@]}" --show-bin-path)/bowq"
  # SwiftPM does not see the order file: linking again takes it as it is now.
  [ "$configuration" = release ] && rm -f "$binary"
  runs() { "$binary" --version >/dev/null 2>&1; }
  if swift build "${building[@]}" --product bowq "${linking[@]}" "${packing[@]}" && runs; then
    :
  elif echo "install: linking with lld failed; linking with the toolchain's default linker" >&2 &&
    swift build "${building[@]}" --product bowq "${linking[@]}" && runs; then
    :
  else
    echo "install: this toolchain cannot link the Swift runtime in; bowq will need the" \
      "toolchain's libraries at run time" >&2
    swift build "${building[@]}" --product bowq
  fi
fi

mkdir -p "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
  "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 0755 "$binary" "$prefix/bin/bowq.new"
mv -f "$prefix/bin/bowq.new" "$prefix/bin/bowq"
help="$(env -u BOWQ_SAMPLE_DATA "$prefix/bin/bowq" --help)"
version="$("$prefix/bin/bowq" --version)"
scripts/man-page.sh "$version" <<<"$help" >"$prefix/share/man/man1/bowq.1"
scripts/completions.sh bash <<<"$help" >"$prefix/share/bash-completion/completions/bowq"
scripts/completions.sh zsh <<<"$help" >"$prefix/share/zsh/site-functions/_bowq"
scripts/completions.sh fish <<<"$help" >"$prefix/share/fish/vendor_completions.d/bowq.fish"
for file in "${installed[@]}"; do echo "installed $prefix/$file"; done

case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "$prefix/bin is not on your PATH: add  export PATH=\"$prefix/bin:\$PATH\"  to your" \
    "shell's startup file" ;;
esac
