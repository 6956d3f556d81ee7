#!/usr/bin/env bash
# Writes bowq's completion script for a shell from its --help text on standard input, so
# that it offers exactly the options bowq has.
#
#   bowq --help | scripts/completions.sh bash|zsh|fish
#
# Options come from the help's option lines; the values of --format and --color from the
# words their lines list; --store, --model and FILE complete file names.
set -euo pipefail
shell="${1:?usage: $0 bash|zsh|fish}"
help="$(cat)"

options=$(grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' <<<"$help" | grep -oE -- '--[a-z-]+|-[a-zA-Z]' | sort -u)
options="$options -c"
values() {
  grep -E "^ +$1 [A-Z]+ " <<<"$help" | sed -E "s/^ +$1 [A-Z]+ +//; s/\([^)]*\)//g; s/ or /, /g" |
    tr ',' '\n' | awk '{ print $1 }' | tr '\n' ' '
}
formats=$(values --format)
colors=$(values --color)

case "$shell" in
  bash)
    cat <<SCRIPT
# bash completion for bowq, made from \`bowq --help\`.
_bowq() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  case "\$prev" in
    --format) COMPREPLY=(\$(compgen -W "$formats" -- "\$cur")); return ;;
    --color) COMPREPLY=(\$(compgen -W "$colors" -- "\$cur")); return ;;
    -c) return ;;
    --store|--model) COMPREPLY=(\$(compgen -f -- "\$cur")); return ;;
  esac
  if [[ "\$cur" == -* ]]; then
    COMPREPLY=(\$(compgen -W "$(echo $options)" -- "\$cur"))
  else
    COMPREPLY=(\$(compgen -f -- "\$cur"))
    [ "\$COMP_CWORD" -eq 1 ] && COMPREPLY+=(\$(compgen -W "plist" -- "\$cur"))
  fi
}
complete -o filenames -F _bowq bowq
SCRIPT
    ;;
  zsh)
    echo "#compdef bowq"
    echo "# zsh completion for bowq, made from \`bowq --help\`."
    echo "_arguments -s \\"
    for option in $options; do
      case "$option" in
        --format) echo "  '--format[the output format]:format:($formats)' \\" ;;
        --color) echo "  '--color[when to colour]:when:($colors)' \\" ;;
        --store | --model) echo "  '$option[a store or model file]:file:_files' \\" ;;
        -c) echo "  '*-c[statements to run]:statements:' \\" ;;
        *) echo "  '$option' \\" ;;
      esac
    done
    echo "  '*:file:_files'"
    ;;
  fish)
    echo "# fish completion for bowq, made from \`bowq --help\`."
    echo "complete -c bowq -n '__fish_use_subcommand' -a plist -d 'print a property list file'"
    for option in $options; do
      case "$option" in
        --*) flag="-l ${option#--}" ;;
        *) flag="-s ${option#-}" ;;
      esac
      case "$option" in
        --format) echo "complete -c bowq $flag -x -a '$formats'" ;;
        --color) echo "complete -c bowq $flag -x -a '$colors'" ;;
        --store | --model) echo "complete -c bowq $flag -r -F" ;;
        -c) echo "complete -c bowq $flag -x" ;;
        *) echo "complete -c bowq $flag" ;;
      esac
    done
    ;;
  *) echo "usage: $0 bash|zsh|fish" >&2; exit 2 ;;
esac
