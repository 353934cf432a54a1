#!/bin/sh
set -eu
if [ -n "${1:-}" ]; then
  printf "%s\n" "$1"
fi
