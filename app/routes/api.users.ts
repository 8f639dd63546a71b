import { savedUserJson, userInputSchema, userJson } from "~/accounts";
import { listUsers, saveDisplayName } from "~/accounts/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin, requireApiUser, type ApiHandler } from "~/http/api.server";
import { CURSOR_INVALID, createdAtCursor, createdAtKey, pagedJson, readApiPage } from "~/platform/paging";

// GET /api/users (admin): oldest first, `limit` a page (Link: the next), with only what an admin needs.
const getUsers: ApiHandler = async ({ request }) => {
  await requireApiAdmin(request);
  const page = readApiPage(request.url);
  if (!page.ok) return jsonError(400, page.message, { [page.field]: [page.message] });
  const after = page.cursor && createdAtCursor(page.cursor);
  if (page.cursor && !after) return jsonError(400, CURSOR_INVALID, { cursor: [CURSOR_INVALID] });
  const users = await listUsers({ after: after ?? null, limit: page.limit + 1 });
  return pagedJson(request, users, page.limit, userJson, createdAtKey);
};

// POST and PUT /api/users: the signed-in user saves their own record (an upsert of the display name).
const saveOwnRecord: ApiHandler = async ({ request }) => {
  const user = await requireApiUser(request);
  const input = await readBody(request, userInputSchema);
  if (input.email !== user.email) return jsonError(403, "You can only save your own user record.");
  const saved = await saveDisplayName(user.id, input.displayName);
  return Response.json(savedUserJson(saved));
};

export const { loader, action } = apiRoute({ GET: getUsers, POST: saveOwnRecord, PUT: saveOwnRecord });
