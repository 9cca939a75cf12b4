/**
 * Frames drawn per second by the hero's background video (hero-video.tsx, hero-video-worker.ts). The picture
 * drifts slowly under a blur, so 12 look as smooth as 24, and every frame drawn is a full-screen layer the
 * browser composites again: without a GPU, 24 a second cost a visitor's phone (and a test machine) most of
 * a core.
 */
export const FRAMES_PER_SECOND = 12;

/** A frame is drawn once this long has passed since the last one (with slack: frames come a little early or late). */
const MIN_FRAME_GAP_S = 0.75 / FRAMES_PER_SECOND;

/** Whether a frame at `time` (seconds) is drawn after one drawn at `lastDrawn`; time going back is a loop. */
export function frameDue(time: number, lastDrawn: number): boolean {
  return time < lastDrawn || time - lastDrawn >= MIN_FRAME_GAP_S;
}
