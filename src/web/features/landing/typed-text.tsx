import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';
import { delayBefore, initialTypewriterState, nextTypewriterState } from './typewriter';

/**
 * A line that types and deletes the phrases in turn. The server renders the first phrase in full;
 * screen readers get the whole list once instead of a stream of letters; with reduced motion the
 * first phrase stays still.
 */
export function TypedText({ phrases, className }: { phrases: readonly string[]; className?: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const [state, setState] = useState(() => initialTypewriterState(phrases));

  useEffect(() => {
    if (reducedMotion || phrases.length === 0) return;
    const timer = setTimeout(() => setState((s) => nextTypewriterState(s, phrases)), delayBefore(state, phrases));
    return () => clearTimeout(timer);
  }, [state, phrases, reducedMotion]);

  const shown = reducedMotion ? (phrases[0] ?? '') : (phrases[state.phrase] ?? '').slice(0, state.length);
  const longest = phrases.reduce((a, b) => (b.length > a.length ? b : a), '');

  return (
    // Its own layer, contained: each letter repaints this line only, not the hero's blurred background.
    <p aria-live="off" className={cn('relative transform-gpu [contain:layout_paint]', className)}>
      <span className="sr-only">{phrases.join('. ')}.</span>
      {/* The longest phrase, invisible, holds the line's height so the page below never jumps. */}
      <span aria-hidden="true" className="grid">
        <span className="invisible col-start-1 row-start-1">{longest}|</span>
        <span className="col-start-1 row-start-1">
          <span data-typed-text>{shown}</span>
          <span className="ml-1 inline-block h-[1em] w-[3px] animate-caret rounded-full bg-accent-400 align-[-0.12em] motion-reduce:hidden" />
        </span>
      </span>
    </p>
  );
}
