import { useEffect, useRef, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box tied to a search term kept elsewhere (the URL, a filter state): the box follows the term
 * when it changes from outside (back button, a link), and `commit` gets the trimmed box a moment after
 * typing stops. `commit` should be stable (useCallback) or the wait restarts on every render.
 */
export function useDebouncedSearch(term: string, commit: (search: string) => void) {
  const [input, setInput] = useState(term);
  const pushed = useRef(term);

  useEffect(() => {
    if (term === pushed.current) return;
    pushed.current = term;
    setInput(term);
  }, [term]);

  useEffect(() => {
    const wanted = input.trim();
    if (wanted === term) return;
    const timer = setTimeout(() => {
      pushed.current = wanted;
      commit(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, term, commit]);

  return [input, setInput] as const;
}
