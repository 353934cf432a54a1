#!/bin/sh
# Artifact gate: checks that FILE exists, is not blank, and has each SECTION as
# a `## SECTION` heading exactly once, in the order given. Headings inside
# fenced code blocks do not count.
#
# Usage: sh check-artifact.sh FILE SECTION...
# Exit:  0 the artifact passes, 1 it fails (each problem on stderr), 2 usage.
set -eu

if [ "$#" -lt 2 ]; then
  echo "usage: check-artifact.sh FILE SECTION..." >&2
  exit 2
fi
file=$1
shift

if [ ! -f "$file" ]; then
  echo "FAIL $file: missing" >&2
  exit 1
fi
if ! grep -q '[^[:space:]]' "$file"; then
  echo "FAIL $file: empty" >&2
  exit 1
fi

failed=0
previous=0
previous_name=
for section in "$@"; do
  # Prints "<count> <first line>" for `## <section>` headings outside fences.
  found=$(awk -v want="$section" '
    /^[ ]*(```|~~~)/ { fence = !fence; next }
    fence { next }
    /^[ ]*##[ \t]/ {
      text = $0
      sub(/^[ ]*##[ \t]+/, "", text)
      sub(/[ \t#]*$/, "", text)
      if (text == want) { count++; if (!first) first = NR }
    }
    END { print count + 0, first + 0 }
  ' "$file")
  count=${found% *}
  line=${found#* }
  if [ "$count" -eq 0 ]; then
    echo "FAIL $file: missing section '## $section'" >&2
    failed=1
    continue
  fi
  if [ "$count" -gt 1 ]; then
    echo "FAIL $file: section '## $section' appears $count times" >&2
    failed=1
  fi
  if [ "$line" -lt "$previous" ]; then
    echo "FAIL $file:$line: section '## $section' comes before '## $previous_name'" >&2
    failed=1
  fi
  previous=$line
  previous_name=$section
done

if [ "$failed" -ne 0 ]; then
  exit 1
fi
echo "PASS $file"
