import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, requireApiAdmin, serviceJson } from "~/api.server";
import { findService, isPlausibleId } from "~/catalog.server";
import { db } from "~/db.server";

// GET /api/services/{id}
export async function loader({ params }: LoaderFunctionArgs) {
  const service = await findService(params.id);
  return service ? Response.json(serviceJson(service)) : jsonError(404, "No such package.");
}

// DELETE /api/services/{id} (admin): { deletedCount }. A soft delete: orders keep their package.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  await requireApiAdmin(request);
  if (!isPlausibleId(params.id)) return Response.json({ deletedCount: 0 });
  const prisma = await db();
  const result = await prisma.service.updateMany({ where: { id: params.id, deletedAt: null }, data: { deletedAt: new Date() } });
  return Response.json({ deletedCount: result.count });
}
