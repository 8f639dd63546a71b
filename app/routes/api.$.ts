import { jsonError } from "~/http/api.server";

// Any /api path no other route matches, whatever the method: a JSON 404, never the HTML page.
export async function loader() {
  return jsonError(404, "There is no such API call. See /api/openapi.json.");
}

export const action = loader;
