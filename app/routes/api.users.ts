import { listUsers, saveDisplayName } from "~/data/users.server";
import { savedUserJson, userJson } from "~/http/api-json";
import { userInputSchema } from "~/http/api-schemas";
import { apiRoute, jsonError, readBody, requireApiAdmin, requireApiUser, type ApiHandler } from "~/http/api.server";

// GET /api/users (admin): the list, with only what an admin needs.
const getUsers: ApiHandler = async ({ request }) => {
  await requireApiAdmin(request);
  const users = await listUsers();
  return Response.json(users.map(userJson));
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
