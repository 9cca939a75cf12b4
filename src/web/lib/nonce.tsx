import { createContext, useContext } from 'react';

/** The CSP nonce of this response, provided by entry.server; empty in the browser (it is hidden there). */
const NonceContext = createContext<string>('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
