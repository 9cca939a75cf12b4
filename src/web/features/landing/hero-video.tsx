import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';
import { frameDue } from './hero-video-frames';
import type { HeroVideoProgress, HeroVideoStart } from './hero-video-worker';

/** Whether the visitor's browser asks to save data (Network Information API, where there is one). */
function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** The canvas's drawing size: the picture is blurred, so a third of 1080p is plenty and cheap to draw. */
const WIDTH = 640;
const HEIGHT = 360;
type Mode = 'none' | 'poster' | 'video';

/** Chromium's way to hand a video's frames to a worker (not in TypeScript's DOM library yet). */
interface TrackProcessorConstructor {
  new (init: { track: MediaStreamTrack }): { readable: ReadableStream<VideoFrame> };
}
type CapturingVideo = HTMLVideoElement & { captureStream?: () => MediaStream };

/**
 * Draws the video's frames on the canvas in a worker (hero-video-worker.ts), where the browser can: a
 * frame costs ~50 ms of CPU to convert without a GPU, too much for the main thread at 25 frames a second.
 * Returns the function that stops it, or undefined where the browser lacks a part (then the page draws).
 */
function drawInWorker(video: CapturingVideo, canvas: HTMLCanvasElement): (() => void) | undefined {
  const Processor = (window as Window & { MediaStreamTrackProcessor?: TrackProcessorConstructor })
    .MediaStreamTrackProcessor;
  if (!Processor || typeof video.captureStream !== 'function' || !('transferControlToOffscreen' in canvas)) return;
  const stream = video.captureStream();
  const worker = new Worker(new URL('./hero-video-worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent<HeroVideoProgress>) => {
    canvas.dataset.frames = String(event.data.frames);
    if (event.data.painted !== undefined) canvas.dataset.painted = event.data.painted.toFixed(3);
  });
  const start = (track: MediaStreamTrack) => {
    const offscreen = canvas.transferControlToOffscreen();
    const message: HeroVideoStart = {
      canvas: offscreen,
      frames: new Processor({ track }).readable,
      width: WIDTH,
      height: HEIGHT,
    };
    worker.postMessage(message, [message.canvas, message.frames]);
  };
  const [track] = stream.getVideoTracks();
  const onTrack = (event: MediaStreamTrackEvent) => {
    if (event.track.kind === 'video') start(event.track);
  };
  if (track) start(track);
  else stream.addEventListener('addtrack', onTrack, { once: true });
  return () => {
    stream.removeEventListener('addtrack', onTrack);
    for (const each of stream.getTracks()) each.stop();
    worker.terminate();
  };
}

/**
 * The hero's looping, muted background video. It never competes with the page's largest paint:
 * the server HTML has none of it; the video is loaded after hydration, once the browser is idle, and only
 * for visitors who neither save data nor prefer reduced motion (they get the still poster); and its frames
 * (or the poster) are drawn on a canvas from a video element that is never put in the page, because
 * browsers count a visible <video> or <img> as a largest-paint candidate and a canvas not. The frames are
 * drawn by a worker where the browser allows it (drawInWorker), so the main thread stays free. It plays only
 * while the hero is on screen and the tab is visible. Decorative: hidden from assistive technology.
 */
export function HeroVideo({ videoUrl, posterUrl }: { videoUrl: string | null; posterUrl: string | null }) {
  const reducedMotion = usePrefersReducedMotion();
  const [mode, setMode] = useState<Mode>('none');
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!videoUrl || reducedMotion || savesData()) {
      setMode(posterUrl ? 'poster' : 'none');
      return;
    }
    const start = () => setMode('video');
    // Safari has no requestIdleCallback: a short wait does the same there.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(start, 1200);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(start, { timeout: 2500 });
    return () => window.cancelIdleCallback(id);
  }, [videoUrl, posterUrl, reducedMotion]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;

    if (mode === 'poster' && posterUrl) {
      const context = canvas.getContext('2d');
      if (!context) return;
      const image = new Image();
      image.decoding = 'async';
      image.onload = () => context.drawImage(image, 0, 0, WIDTH, HEIGHT);
      image.src = posterUrl;
      return () => {
        image.onload = null;
      };
    }
    if (mode !== 'video' || !videoUrl) return;

    const video: CapturingVideo = document.createElement('video');
    video.muted = true;
    video.loop = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.src = videoUrl;
    let frame = 0;
    let stopped = false;
    /**
     * Who draws, decided at the first play: a worker where the browser can hand it the frames, else the page.
     * (A canvas given to a worker cannot be drawn on here, nor given twice: React's development replay of
     * this effect ends before any play.)
     */
    let stopWorker: (() => void) | undefined;
    let context: CanvasRenderingContext2D | null = null;
    /** The video time of the last frame drawn (seconds); going back means the video looped. */
    let lastDrawn = -Infinity;
    const draw = () => {
      if (stopped || !context) return;
      const time = video.currentTime;
      if (frameDue(time, lastDrawn) && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        context.drawImage(video, 0, 0, WIDTH, HEIGHT);
        lastDrawn = time;
      }
      if (!video.paused) schedule();
    };
    const schedule = () => {
      frame =
        typeof video.requestVideoFrameCallback === 'function'
          ? video.requestVideoFrameCallback(draw)
          : requestAnimationFrame(draw);
    };
    const onPlay = () => {
      canvas.dataset.playing = 'true';
      if (!stopWorker && !context) {
        stopWorker = drawInWorker(video, canvas);
        if (!stopWorker) context = canvas.getContext('2d');
      }
      if (context) schedule();
    };
    const onPause = () => {
      canvas.dataset.playing = 'false';
    };
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);

    let onScreen = false;
    const update = () => {
      if (onScreen && document.visibilityState === 'visible') {
        // A refusal is kept where a test or a developer can read it; the poster-less canvas just stays still.
        video.play().then(
          () => delete canvas.dataset.playError,
          (error: unknown) => {
            canvas.dataset.playError = error instanceof Error ? error.name : 'Error';
          },
        );
      } else video.pause();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        // One delivery can hold several changes (scrolled away and back before the callback ran): the last is now.
        onScreen = entries.at(-1)?.isIntersecting ?? false;
        update();
      },
      { threshold: 0.1 },
    );
    observer.observe(canvas);
    document.addEventListener('visibilitychange', update);

    return () => {
      stopped = true;
      stopWorker?.();
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      if (typeof video.cancelVideoFrameCallback === 'function') video.cancelVideoFrameCallback(frame);
      cancelAnimationFrame(frame);
      video.pause();
      video.removeAttribute('src');
      video.load();
    };
  }, [mode, videoUrl, posterUrl]);

  if (mode === 'none') return null;
  return (
    <canvas
      // A fresh canvas for each mode: one given to the video's worker can never be drawn on again here.
      key={mode}
      ref={canvasRef}
      width={WIDTH}
      height={HEIGHT}
      data-hero-background={mode}
      aria-hidden="true"
      // No blend mode: over the hero's near-black ground "screen" looked the same, and cost every frame a
      // blend of the whole hero with what lies under it.
      className="absolute inset-0 size-full object-cover opacity-45"
    />
  );
}
