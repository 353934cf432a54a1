#!/bin/sh
# Posts a text file to a chat webhook as a JSON `{"text": ...}` payload, the
# shape Slack-compatible incoming webhooks accept. The webhook URL is read from
# the environment variable ANNOUNCE_WEBHOOK_URL, so it never appears in the
# conversation or in the process list.
#
# Usage: sh post-webhook.sh FILE           dry run: print the payload, send nothing
#        sh post-webhook.sh FILE --send    post it, once
# Exit:  0 printed or posted, 1 the post failed, 2 usage or missing URL.
set -eu

if [ "$#" -lt 1 ] || [ "$#" -gt 2 ] || { [ "$#" -eq 2 ] && [ "$2" != "--send" ]; }; then
  echo "usage: post-webhook.sh FILE [--send]" >&2
  exit 2
fi
file=$1
send=${2:-}

if [ ! -f "$file" ] || ! grep -q '[^[:space:]]' "$file"; then
  echo "post-webhook: '$file' is missing or empty" >&2
  exit 2
fi
url=${ANNOUNCE_WEBHOOK_URL:-}
case $url in
  https://*) ;;
  '') echo "post-webhook: ANNOUNCE_WEBHOOK_URL is not set" >&2; exit 2 ;;
  *) echo "post-webhook: ANNOUNCE_WEBHOOK_URL must start with https://" >&2; exit 2 ;;
esac
case $url in
  *'"'* | *' '* | *'\'*) echo "post-webhook: ANNOUNCE_WEBHOOK_URL holds a quote, space or backslash" >&2; exit 2 ;;
esac

payload=$(mktemp)
trap 'rm -f "$payload"' EXIT HUP INT TERM

# JSON string: drop control characters but tab and newline, escape \ and ",
# then join the lines with \n.
tr -d '\000-\010\013-\037' <"$file" | awk '
  function escape(s,   out, i, c) {
    out = ""
    for (i = 1; i <= length(s); i++) {
      c = substr(s, i, 1)
      if (c == "\\") out = out "\\\\"
      else if (c == "\"") out = out "\\\""
      else if (c == "\t") out = out "\\t"
      else out = out c
    }
    return out
  }
  { text = (NR > 1 ? text "\\n" : "") escape($0) }
  END { printf "{\"text\":\"%s\"}\n", text }' >"$payload"

# Only the scheme and host: the rest of a webhook URL is its secret.
target=$(printf '%s\n' "$url" | sed -e 's#^\(https://[^/]*\).*#\1/...#')

if [ "$send" != "--send" ]; then
  echo "DRY RUN: would POST $(wc -c <"$payload" | tr -d ' ') bytes to $target:"
  cat "$payload"
  exit 0
fi

if printf 'url = "%s"\n' "$url" | curl --fail --silent --show-error --max-time 30 \
  --request POST --header 'Content-Type: application/json' \
  --data-binary "@$payload" --config - >/dev/null; then
  echo "SENT: POST to $target"
else
  status=$?
  echo "post-webhook: POST to $target failed (curl exit $status); do not resend before checking the channel" >&2
  exit 1
fi
