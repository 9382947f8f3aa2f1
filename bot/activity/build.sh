#!/bin/sh
# Rebuild discord-sdk.js, the Activity page's bundle of Discord's Embedded App SDK, from the
# versions package-lock.json pins. Needs Node.js and npm; the bot's build and tests don't.
# With an argument, writes the bundle there instead (the test compares it with ours);
# without, also records its SHA-256 in discord-sdk.js.sha256, which the test checks on a
# machine without npm.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/discord-sdk.js"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/package.json" "$here/package-lock.json" "$here/entry.js" "$work/"
cd "$work"
npm ci --no-audit --no-fund --loglevel=error >/dev/null
./node_modules/.bin/esbuild entry.js --bundle --minify --format=iife --target=es2019 \
  --legal-comments=eof --log-level=warning --outfile="$work/bundle.js" \
  --banner:js="/* Discord's Embedded App SDK and its dependencies (MIT; big-integer: Unlicense), bundled by bot/activity/build.sh from package-lock.json: do not edit */"
cp "$work/bundle.js" "$out"
if [ $# -eq 0 ]; then
  (cd "$here" && sha256sum discord-sdk.js > discord-sdk.js.sha256)
fi
