/** Spec section 9: typing effect speeds, in milliseconds per character. */
export const TYPE_SPEED_MS = 90;
export const DELETE_SPEED_MS = 80;
/** How long a complete phrase stays before it is deleted, and the gap before the next one. */
export const HOLD_FULL_MS = 2000;
export const HOLD_EMPTY_MS = 400;

export interface TypewriterState {
  phrase: number;
  /** Characters of the current phrase shown. */
  length: number;
  deleting: boolean;
}

/** The first phrase, fully typed: what the server renders and what the animation starts from. */
export function initialTypewriterState(phrases: readonly string[]): TypewriterState {
  return { phrase: 0, length: phrases[0]?.length ?? 0, deleting: false };
}

/** How long to wait in `state` before taking the next step. */
export function delayBefore(state: TypewriterState, phrases: readonly string[]): number {
  const full = phrases[state.phrase]?.length ?? 0;
  if (!state.deleting) return state.length >= full ? HOLD_FULL_MS : TYPE_SPEED_MS;
  return state.length <= 0 ? HOLD_EMPTY_MS : DELETE_SPEED_MS;
}

/** One step: type a character, start deleting at full text, delete a character, or move to the next phrase. */
export function nextTypewriterState(state: TypewriterState, phrases: readonly string[]): TypewriterState {
  const full = phrases[state.phrase]?.length ?? 0;
  if (!state.deleting) {
    return state.length >= full ? { ...state, deleting: true } : { ...state, length: state.length + 1 };
  }
  if (state.length > 0) return { ...state, length: state.length - 1 };
  return { phrase: (state.phrase + 1) % Math.max(phrases.length, 1), length: 0, deleting: false };
}
