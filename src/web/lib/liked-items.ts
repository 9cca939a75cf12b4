import { useSyncExternalStore } from 'react';

/**
 * Ids a visitor has liked, remembered in this browser under one local storage key per kind (the
 * server keeps its own count; this only stops a second like and shows the liked state).
 */
export interface LikedItems {
  /** Marks or unmarks an item as liked in this browser. */
  set(id: number, liked: boolean): void;
  /** Whether this browser liked the item (false in the server HTML; read after hydration). */
  useLiked(id: number): boolean;
}

function parseIds(raw: string): number[] {
  try {
    const parsed: unknown = JSON.parse(raw || '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export function likedItemsStore(storageKey: string): LikedItems {
  const listeners = new Set<() => void>();
  const readRaw = (): string => {
    try {
      return localStorage.getItem(storageKey) ?? '';
    } catch {
      return '';
    }
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKey) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  return {
    set(id, liked) {
      const ids = new Set(parseIds(readRaw()));
      if (liked) ids.add(id);
      else ids.delete(id);
      try {
        localStorage.setItem(storageKey, JSON.stringify([...ids]));
      } catch {
        // Storage disabled: the like still counts on the server, it is just not remembered here.
      }
      for (const listener of listeners) listener();
    },
    useLiked(id) {
      const raw = useSyncExternalStore(subscribe, readRaw, () => '');
      return parseIds(raw).includes(id);
    },
  };
}
