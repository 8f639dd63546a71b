// The packages and reviews change rarely and are read on every public page: their lists are kept
// for a few seconds. A write through the stores (the `*-store.server.ts` files) clears this
// instance's copy at once; other replicas catch up within LIST_TTL_MS.
const LIST_TTL_MS = 5_000;
const lists = new Map<string, { expires: number; value: Promise<unknown> }>();

export function cached<T>(key: string, load: () => Promise<T>, ttlMs = LIST_TTL_MS): Promise<T> {
  const now = Date.now();
  const hit = lists.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  lists.set(key, { expires: now + ttlMs, value });
  value.catch(() => lists.delete(key));
  return value;
}

export function forgetCachedLists() {
  lists.clear();
}
