import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, requireApiAdmin, serviceJson } from "~/api.server";
import { deleteService, findService } from "~/catalog.server";

// GET /api/services/{id}
export async function loader({ params }: LoaderFunctionArgs) {
  const service = await findService(params.id);
  return service ? Response.json(serviceJson(service)) : jsonError(404, "No such package.");
}

// DELETE /api/services/{id} (admin): { deletedCount }. A soft delete: orders keep their package.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  await requireApiAdmin(request);
  return Response.json({ deletedCount: await deleteService(params.id ?? "") });
}
