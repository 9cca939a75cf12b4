import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * What a visitor typed into a server-rendered form before React ran it (a part whose code loads when it
 * comes into view, ADR 0023, or a slow first load), so that a controlled form can adopt it. Hydration
 * keeps the typed text on screen but not in the form's state, and the next render would put the state's
 * value back. Calls `adopt` once, after hydration, with name → value for every named input, textarea and
 * select whose value differs from the one React rendered; not at all when nothing was changed.
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  adopt: (typed: Record<string, string>) => void,
): void {
  // A form first rendered in the browser (a client navigation to it) was never server HTML: nothing was
  // typed, and a controlled select's preset (a ?service= link) is not marked defaultSelected there, so it
  // would look typed and be stored as a draft that keeps the next link's preset out.
  const mountedInBrowser = useRef(useHydrated());
  useLayoutEffect(() => {
    if (mountedInBrowser.current) return;
    const typed: Record<string, string> = {};
    for (const field of form.current?.elements ?? []) {
      if (field instanceof HTMLSelectElement) {
        const rendered = Math.max(
          0,
          [...field.options].findIndex((option) => option.defaultSelected),
        );
        if (field.name && field.selectedIndex !== rendered) typed[field.name] = field.value;
      } else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        if (field.name && field.type !== 'hidden' && field.value !== field.defaultValue)
          typed[field.name] = field.value;
      }
    }
    if (Object.keys(typed).length > 0) adopt(typed);
    // Once: hydration is the only time the page holds values React did not render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
