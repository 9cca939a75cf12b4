import { createContext, useContext, useMemo, type ReactNode } from 'react';

interface Outline {
  nested: boolean;
  idPrefix: string;
}

const OutlineContext = createContext<Outline>({ nested: false, idPrefix: '' });

/**
 * Shows a project's parts inside another page (the admin preview): the project's title becomes an h2 and
 * its section headings h3, and the headings' ids carry `idPrefix` so that they stay unique there.
 */
export function NestedProjectOutline({ idPrefix, children }: { idPrefix: string; children: ReactNode }) {
  const outline = useMemo(() => ({ nested: true, idPrefix }), [idPrefix]);
  return <OutlineContext value={outline}>{children}</OutlineContext>;
}

/** The heading elements and ids of a project's parts: on its own page the title is the h1. */
export function useProjectOutline() {
  const { nested, idPrefix } = useContext(OutlineContext);
  return {
    Title: nested ? ('h2' as const) : ('h1' as const),
    Heading: nested ? ('h3' as const) : ('h2' as const),
    id: (name: string) => `${idPrefix}${name}`,
  };
}
