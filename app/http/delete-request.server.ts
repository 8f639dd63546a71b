import { isPlausibleId } from "~/platform/ids";

/**
 * A post of a DeleteForm (app/components/DeleteForm.tsx): intent "delete" is a confirmed delete
 * (asked in the browser with JavaScript, or on the confirmation step); intent "ask-delete" is the
 * first post of a browser without JavaScript, which only asks. Null for anything else (the page
 * answers 400; a malformed id never reaches the database).
 */
export async function readDeleteRequest(request: Request): Promise<{ id: string; confirmed: boolean } | null> {
  const form = await request.formData();
  const id = form.get("id");
  const intent = form.get("intent");
  if (typeof id !== "string" || !isPlausibleId(id)) return null;
  if (intent === "delete") return { id, confirmed: true };
  if (intent === "ask-delete") return { id, confirmed: false };
  return null;
}

/** The answer to a first post: the page shows the confirmation step for this item. */
export function askToDelete(id: string, what: string) {
  return { confirm: { id, what } };
}

export const UNKNOWN_REQUEST = { ok: false, message: "Unknown request: nothing was deleted." } as const;
