import { deletePackage, findPackage } from "~/data/packages.server";
import { packageJson } from "~/http/api-json";
import { apiRoute, jsonError, requireApiAdmin } from "~/http/api.server";

export const { loader, action } = apiRoute({
  // GET /api/services/{id}
  GET: async ({ params }) => {
    const tourPackage = await findPackage(params.id);
    return tourPackage ? Response.json(packageJson(tourPackage)) : jsonError(404, "No such package.");
  },

  // DELETE /api/services/{id} (admin): { deletedCount }. A soft delete: orders keep their package.
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const deletedCount = await deletePackage(params.id ?? "");
    return deletedCount ? Response.json({ deletedCount }) : jsonError(404, "No such package.");
  },
});
