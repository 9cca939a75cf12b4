#!/usr/bin/env bash
# Renders the demo hero background video from ffmpeg's synthetic sources, so the repository
# carries no footage of unknown origin: slow, blurred, indigo light drifting on a dark ground, 10 s loop.
# Needs Debian's ffmpeg (apt-get install -y ffmpeg). Writes public/demo/hero.webm (VP9) and
# hero-poster.webp (its first frame). Staff replace the video in the admin's Content › Company section.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=public/demo
mkdir -p "$out"

# Soft gradients drifting over the brand's dark indigo, heavily blurred: 5 s forward, then the same 5 s
# backward, so the loop has no seam. 640×360, the size the hero's canvas draws at (hero-video.tsx): a larger
# picture only costs the visitor's browser more to decode and scale.
source="gradients=s=640x360:r=24:d=5:c0=0x1e1b4b:c1=0x4f39f6:c2=0x0e7490:c3=0x312c85:nb_colors=4:x0=80:y0=60:x1=560:y1=300:type=radial:speed=0.0105"
filter="gblur=sigma=28,eq=saturation=1.15:brightness=-0.06,format=yuv420p,split[a][b];[b]reverse[r];[a][r]concat=n=2:v=1"

ffmpeg -y -loglevel error -f lavfi -i "$source" -filter_complex "$filter" -an \
  -c:v libvpx-vp9 -b:v 0 -crf 44 -row-mt 1 -deadline good -cpu-used 2 "$out/hero.webm"
ffmpeg -y -loglevel error -i "$out/hero.webm" -frames:v 1 -c:v libwebp -quality 70 "$out/hero-poster.webp"
ls -l "$out"/hero.webm "$out"/hero-poster.webp
