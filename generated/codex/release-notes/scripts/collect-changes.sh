#!/bin/sh
# Collects the raw material for release notes from git: every change on the
# first-parent history between two refs (a merged pull request's title instead
# of its merge subject), then every author and co-author. Read-only.
#
# Usage: sh collect-changes.sh [FROM [TO]]
#   FROM  the previous release (tag or commit); default: the latest tag reachable from TO
#   TO    the release commit; default: HEAD
# Exit:  0 listed (possibly nothing), 1 a ref or the history cannot be read, 2 usage.
set -eu

if [ "$#" -gt 2 ]; then
  echo "usage: collect-changes.sh [FROM [TO]]" >&2
  exit 2
fi
to=${2:-HEAD}
from=${1:-}

if ! git rev-parse --verify --quiet "$to^{commit}" >/dev/null; then
  echo "collect-changes: '$to' is not a commit in this repository" >&2
  exit 1
fi
if [ -z "$from" ]; then
  if ! from=$(git describe --tags --abbrev=0 "$to" 2>/dev/null); then
    echo "collect-changes: no tag is reachable from '$to'; pass FROM explicitly" >&2
    exit 1
  fi
fi
if ! git rev-parse --verify --quiet "$from^{commit}" >/dev/null; then
  echo "collect-changes: '$from' is not a commit in this repository" >&2
  exit 1
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT HUP INT TERM

# Fields end with \037 and records with \036, so subjects and bodies may hold anything else.
git log --first-parent --reverse --format='%h%x1f%aN%x1f%s%x1f%b%x1e' "$from..$to" >"$log"

printf '# Changes %s..%s\n\n## changes\n\n' "$from" "$to"
awk 'BEGIN { RS = "\036"; FS = "\037" }
  NF >= 3 {
    hash = $1; gsub(/[ \t\n]/, "", hash)
    title = $3
    # A merge commit says which branch was merged; its body says what the change is.
    if (title ~ /^Merge (pull request|branch)/) {
      body = $4; sub(/^[\n]+/, "", body); split(body, lines, "\n")
      if (lines[1] != "") title = lines[1] "  [" $3 "]"
    }
    printf "- %s %s (%s)\n", hash, title, $2
    n++
  }
  END { if (!n) print "(no changes)" }' "$log"

printf '\n## contributors\n\n'
git log --format='%aN%n%(trailers:key=Co-authored-by,valueonly)' "$from..$to" >"$log"
sed -e 's/[[:space:]]*<[^>]*>[[:space:]]*$//' -e '/^[[:space:]]*$/d' "$log" | sort -u | sed -e 's/^/- /'
