import { apiRoute, jsonError, requireApiAdmin, serviceJson } from "~/api.server";
import { deleteService, findService } from "~/catalog.server";

export const { loader, action } = apiRoute({
  // GET /api/services/{id}
  GET: async ({ params }) => {
    const service = await findService(params.id);
    return service ? Response.json(serviceJson(service)) : jsonError(404, "No such package.");
  },

  // DELETE /api/services/{id} (admin): { deletedCount }. A soft delete: orders keep their package.
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const deletedCount = await deleteService(params.id ?? "");
    return deletedCount ? Response.json({ deletedCount }) : jsonError(404, "No such package.");
  },
});
