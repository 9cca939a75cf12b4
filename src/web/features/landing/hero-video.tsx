import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';

/** Whether the visitor's browser asks to save data (Network Information API, where there is one). */
function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** The canvas's drawing size: the picture is blurred, so a third of 1080p is plenty and cheap to draw. */
const WIDTH = 640;
const HEIGHT = 360;

type Mode = 'none' | 'poster' | 'video';

/**
 * The hero's looping, muted background video (issue 12). It never competes with the page's largest paint:
 * the server HTML has none of it; the video is loaded after hydration, once the browser is idle, and only
 * for visitors who neither save data nor prefer reduced motion (they get the still poster); and its frames
 * (or the poster) are drawn on a canvas from a video element that is never put in the page, because
 * browsers count a visible <video> or <img> as a largest-paint candidate and a canvas not. It plays only
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
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;

    if (mode === 'poster' && posterUrl) {
      const image = new Image();
      image.decoding = 'async';
      image.onload = () => context.drawImage(image, 0, 0, WIDTH, HEIGHT);
      image.src = posterUrl;
      return () => {
        image.onload = null;
      };
    }
    if (mode !== 'video' || !videoUrl) return;

    const video = document.createElement('video');
    video.muted = true;
    video.loop = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.src = videoUrl;
    let frame = 0;
    let stopped = false;
    const draw = () => {
      if (stopped) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) context.drawImage(video, 0, 0, WIDTH, HEIGHT);
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
      schedule();
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
      ref={canvasRef}
      width={WIDTH}
      height={HEIGHT}
      data-hero-background={mode}
      aria-hidden="true"
      className="absolute inset-0 size-full object-cover opacity-45 mix-blend-screen"
    />
  );
}
