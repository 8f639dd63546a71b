// The packages, reviews and catalogue pages change rarely and are read on every public page: their
// lists are kept for a few seconds. A write through the stores (the `*-store.server.ts` files)
// forgets them on this instance at once and on the others as soon as they hear of it
// (app/platform/fleet.server.ts: within a moment); LIST_TTL_MS bounds what an instance that missed
// the news can show.
import { announceChange, onChange } from "~/platform/fleet.server";
import { forgetReads } from "~/platform/read-cache.server";

const LIST_TTL_MS = 5_000;
const TOPIC = "lists";
const lists = new Map<string, { expires: number; value: Promise<unknown> }>();

// The database reads behind the lists go too: the read cache hears of the same write on a link of
// its own, maybe a moment later, and the lists must not be filled again from its old copy.
onChange(TOPIC, () => {
  forgetReads();
  lists.clear();
});

export function cached<T>(key: string, load: () => Promise<T>, ttlMs = LIST_TTL_MS): Promise<T> {
  const now = Date.now();
  const hit = lists.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  lists.set(key, { expires: now + ttlMs, value });
  value.catch(() => {
    if (lists.get(key)?.value === value) lists.delete(key);
  });
  return value;
}

/** After a write the lists show: every instance reads them again. */
export function forgetCachedLists() {
  announceChange(TOPIC);
}
