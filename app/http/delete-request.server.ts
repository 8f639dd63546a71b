import { isPlausibleId } from "~/domain/ids";

/** The id posted by a DeleteForm, or null for anything else (the page answers 400; a malformed id never reaches the database). */
export async function readDeleteId(request: Request): Promise<string | null> {
  const form = await request.formData();
  const id = form.get("id");
  return form.get("intent") === "delete" && typeof id === "string" && isPlausibleId(id) ? id : null;
}

export const UNKNOWN_REQUEST = { ok: false, message: "Unknown request: nothing was deleted." } as const;
