import { describe, expect, it } from 'vitest';
import {
  DELETE_SPEED_MS,
  HOLD_EMPTY_MS,
  HOLD_FULL_MS,
  TYPE_SPEED_MS,
  delayBefore,
  initialTypewriterState,
  nextTypewriterState,
  type TypewriterState,
} from './typewriter';

const phrases = ['ab', 'xyz'];

function run(steps: number): Array<{ text: string; delay: number }> {
  let state: TypewriterState = initialTypewriterState(phrases);
  const seen = [];
  for (let i = 0; i < steps; i++) {
    seen.push({ text: phrases[state.phrase]!.slice(0, state.length), delay: delayBefore(state, phrases) });
    state = nextTypewriterState(state, phrases);
  }
  return seen;
}

describe('typewriter', () => {
  it('uses the specified speeds', () => {
    expect(TYPE_SPEED_MS).toBe(90);
    expect(DELETE_SPEED_MS).toBe(80);
  });

  it('starts from the first phrase in full, deletes it, types the next and wraps around', () => {
    expect(run(15)).toEqual([
      { text: 'ab', delay: HOLD_FULL_MS },
      { text: 'ab', delay: DELETE_SPEED_MS },
      { text: 'a', delay: DELETE_SPEED_MS },
      { text: '', delay: HOLD_EMPTY_MS },
      { text: '', delay: TYPE_SPEED_MS },
      { text: 'x', delay: TYPE_SPEED_MS },
      { text: 'xy', delay: TYPE_SPEED_MS },
      { text: 'xyz', delay: HOLD_FULL_MS },
      { text: 'xyz', delay: DELETE_SPEED_MS },
      { text: 'xy', delay: DELETE_SPEED_MS },
      { text: 'x', delay: DELETE_SPEED_MS },
      { text: '', delay: HOLD_EMPTY_MS },
      { text: '', delay: TYPE_SPEED_MS },
      { text: 'a', delay: TYPE_SPEED_MS },
      { text: 'ab', delay: HOLD_FULL_MS },
    ]);
  });
});
