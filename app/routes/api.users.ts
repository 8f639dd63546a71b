import { userInputSchema } from "~/api-schemas";
import { apiRoute, jsonError, readBody, requireApiAdmin, requireApiUser, type ApiHandler } from "~/api.server";
import { db } from "~/db.server";

// GET /api/users (admin): the list, with only what an admin needs.
const listUsers: ApiHandler = async ({ request }) => {
  await requireApiAdmin(request);
  const prisma = await db();
  const users = await prisma.user.findMany({
    orderBy: { createdAt: "asc" },
    select: { id: true, email: true, displayName: true, role: true, disabled: true, createdAt: true },
  });
  return Response.json(users.map(({ id, role, ...user }) => ({ _id: id, ...user, admin: role === "ADMIN" })));
};

// POST and PUT /api/users: the signed-in user saves their own record (an upsert of the display name).
const saveOwnRecord: ApiHandler = async ({ request }) => {
  const user = await requireApiUser(request);
  const input = await readBody(request, userInputSchema);
  if (input.email !== user.email) return jsonError(403, "You can only save your own user record.");
  const prisma = await db();
  const saved = await prisma.user.update({
    where: { id: user.id },
    data: input.displayName ? { displayName: input.displayName } : {},
    select: { id: true, email: true, displayName: true },
  });
  return Response.json({ _id: saved.id, email: saved.email, displayName: saved.displayName, acknowledged: true });
};

export const { loader, action } = apiRoute({ GET: listUsers, POST: saveOwnRecord, PUT: saveOwnRecord });
