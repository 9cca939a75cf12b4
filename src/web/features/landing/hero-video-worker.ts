/**
 * Draws the hero's background video off the main thread (see hero-video.tsx): the page sends the canvas
 * (transferred as an OffscreenCanvas) and the video's frames (a MediaStreamTrackProcessor's stream); this
 * worker scales a frame onto the canvas when it is due (hero-video-frames.ts: about 12 a second) and drops
 * the others. Converting a 720p frame to the canvas costs ~50 ms of CPU where the browser has no GPU
 * to do it, which on the main thread would block taps and scrolling.
 *
 * It reports how many frames it has drawn, and once how much of the canvas the first frame painted, so
 * the page (and its tests) can tell that the picture is there.
 */

import { frameDue, FRAMES_PER_SECOND } from './hero-video-frames';

export interface HeroVideoStart {
  canvas: OffscreenCanvas;
  frames: ReadableStream<VideoFrame>;
  width: number;
  height: number;
}

export interface HeroVideoProgress {
  frames: number;
  /** The share of the canvas's pixels the first frame painted (0 to 1), sent with the first report only. */
  painted?: number;
}

/** About once a second at the drawn rate. */
const REPORT_EVERY = FRAMES_PER_SECOND;

function paintedShare(context: OffscreenCanvasRenderingContext2D, width: number, height: number): number {
  const { data } = context.getImageData(0, 0, width, height);
  let painted = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted += 1;
  return painted / (data.length / 4);
}

addEventListener('message', (event: MessageEvent<HeroVideoStart>) => {
  const { canvas, frames, width, height } = event.data;
  const context = canvas.getContext('2d');
  if (!context) return;
  void (async () => {
    const reader = frames.getReader();
    let lastDrawn = -Infinity;
    let drawn = 0;
    for (;;) {
      const { value: frame, done } = await reader.read();
      if (done) return;
      const time = frame.timestamp / 1_000_000;
      if (!frameDue(time, lastDrawn)) {
        frame.close();
        continue;
      }
      lastDrawn = time;
      context.drawImage(frame, 0, 0, width, height);
      frame.close();
      drawn += 1;
      if (drawn === 1) {
        postMessage({ frames: drawn, painted: paintedShare(context, width, height) } satisfies HeroVideoProgress);
      } else if (drawn % REPORT_EVERY === 0) postMessage({ frames: drawn } satisfies HeroVideoProgress);
    }
  })();
});
