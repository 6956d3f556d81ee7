#!/usr/bin/env bash
# Writes bowq's man page (roff) from its --help text on standard input.
#
#   bowq --help | scripts/man-page.sh "$(bowq --version)" > bowq.1
#
# The help's "Usage:" lines become the SYNOPSIS, its first paragraph the DESCRIPTION, and
# every later "Heading:" line a section of its own with the text under it as written.
set -euo pipefail
version="${1:-bowq}"

escape() { sed -e 's/\\/\\e/g' -e "s/^\([.']\)/\\\\\&\1/"; }

printf '.TH BOWQ 1 "" "%s" "User Commands"\n' "$version"
printf '.SH NAME\nbowq \\- a Core Data\\-style object store with a query shell\n'
awk '
  BEGIN { section = "SYNOPSIS"; print ".SH SYNOPSIS"; print ".nf" }
  /^Usage: / { sub(/^Usage: /, ""); print; next }
  section == "SYNOPSIS" && /^       bowq / { sub(/^ +/, ""); print; next }
  section == "SYNOPSIS" && /^$/ { print ".fi"; print ".SH DESCRIPTION"; section = "DESCRIPTION"; next }
  /^[A-Z][A-Za-z ]*:$/ {
    if (section != "DESCRIPTION") print ".fi"
    heading = toupper(substr($0, 1, length($0) - 1))
    print ".SH " heading; print ".nf"; section = heading; next
  }
  { print }
  END { print ".fi" }
' | escape | sed -e 's/^\\&\.\(SH\|TH\|nf\|fi\)/.\1/'
