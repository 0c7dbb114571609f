#!/usr/bin/env bash
# Records the calling screen's fallback voice clips (docs/voice.md): one Ogg Opus file per key of
# VOICE_CLIP_TEXT (packages/shared/src/rules/vi-speech.ts), spoken by espeak-ng's Vietnamese voice.
# Run from anywhere, once, after changing that list; commit apps/web/public/voice/vi/.
# Needs: espeak-ng (Debian: espeak-ng), opusenc (Debian: opus-tools), and the repository's node_modules (tsx).
set -euo pipefail

repo="$(cd "$(dirname "$0")/../../.." && pwd)"
out="$repo/apps/web/public/voice/vi"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Speed in words per minute (default 175 sounds hurried in a waiting room), pitch 0-99.
SPEED=140
PITCH=45
# Amplitude 0-200 (espeak-ng default 100 peaks at full scale after Opus decoding)
AMPLITUDE=80
BITRATE=24

command -v espeak-ng >/dev/null || { echo "espeak-ng is not installed" >&2; exit 1; }
command -v opusenc >/dev/null || { echo "opusenc is not installed (apt-get install opus-tools)" >&2; exit 1; }

mkdir -p "$out"
rm -f "$out"/*.ogg
cd "$repo"
npx tsx -e "import { VOICE_CLIP_TEXT } from './packages/shared/src/rules/vi-speech.ts'; for (const [k, t] of Object.entries(VOICE_CLIP_TEXT)) console.log(k + '\t' + t);" >"$work/list.tsv"

while IFS=$'\t' read -r key text; do
  # -z: no pause after the words (the player adds its own gaps and trims what silence remains)
  espeak-ng -v vi -s "$SPEED" -p "$PITCH" -a "$AMPLITUDE" -z -w "$work/$key.wav" "$text"
  opusenc --quiet --speech --downmix-mono --bitrate "$BITRATE" --comment "DESCRIPTION=$text" --comment "SOURCE=espeak-ng -v vi -s $SPEED -p $PITCH -a $AMPLITUDE" --serial 1 \
    "$work/$key.wav" "$out/$key.ogg"
done <"$work/list.tsv"

count="$(wc -l <"$work/list.tsv")"
total="$(du -cb "$out"/*.ogg | tail -1 | cut -f1)"
echo "$count clips in $out, $total bytes"
