// The Content-Security-Policy nonce of the response being rendered (server/security-headers.mjs).
// The server provides it; in the browser it stays "", which is what a browser shows of a nonce
// attribute after using it, so hydration sees no difference and the nonce never reaches scripts.
import { createContext, useContext } from "react";

export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}

/** The nonce server/start.mjs put in the load context, or "" (e.g. in tests without the server). */
export function nonceFrom(loadContext: unknown): string {
  const nonce = (loadContext as { cspNonce?: unknown } | undefined)?.cspNonce;
  return typeof nonce === "string" ? nonce : "";
}
