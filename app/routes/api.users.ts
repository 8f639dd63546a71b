import { z } from "zod";
import { apiRoute, jsonError, readBody, requireApiAdmin, requireApiUser, type ApiHandler } from "~/http/api.server";
import { savedUserJson, userJson } from "~/http/api-json";
import { listUsers, saveDisplayName } from "~/data/users.server";

// GET /api/users (admin): the list, with only what an admin needs.
const getUsers: ApiHandler = async ({ request }) => {
  await requireApiAdmin(request);
  const users = await listUsers();
  return Response.json(users.map(userJson));
};

const userRecordSchema = z.object({
  email: z.string({ required_error: "email is required." }).trim().toLowerCase().email("email must be an email address."),
  displayName: z.string().trim().min(1, "displayName cannot be empty.").max(80, "displayName can be at most 80 characters.").optional(),
});

// POST and PUT /api/users: the signed-in user saves their own record (an upsert of the display name).
const saveOwnRecord: ApiHandler = async ({ request }) => {
  const user = await requireApiUser(request);
  const input = await readBody(request, userRecordSchema);
  if (input.email !== user.email) return jsonError(403, "You can only save your own user record.");
  const saved = await saveDisplayName(user.id, input.displayName);
  return Response.json(savedUserJson(saved));
};

export const { loader, action } = apiRoute({ GET: getUsers, POST: saveOwnRecord, PUT: saveOwnRecord });
