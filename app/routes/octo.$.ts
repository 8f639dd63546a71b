// Any other path under /octo: the specification's error body, never the site's HTML page.
import { octoErrors } from "~/distribution";

function notFound() {
  return Response.json(octoErrors.notFound().body, { status: 404, headers: { "Cache-Control": "no-store" } });
}

export const loader = notFound;
export const action = notFound;
