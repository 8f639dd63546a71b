/** An id that cannot be one of ours (cuid-like) is "not found", not an error. */
export function isPlausibleId(id: string | undefined): id is string {
  return typeof id === "string" && /^[a-z0-9]{10,40}$/i.test(id);
}
