import { packageJson } from "~/booking";
import { packageSchema } from "~/catalogue";
import { deletePackage, findPackage, updatePackage } from "~/catalogue/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin } from "~/http/api.server";

export const { loader, action } = apiRoute({
  // GET /api/services/{id}
  GET: async ({ params }) => {
    const tourPackage = await findPackage(params.id);
    return tourPackage ? Response.json(packageJson(tourPackage)) : jsonError(404, "No such package.");
  },

  // PUT /api/services/{id} (admin): the whole package as POST takes it -> { modifiedCount }. A fact
  // left out is cleared; orders keep the title and price they were placed with.
  PUT: async ({ request, params }) => {
    await requireApiAdmin(request);
    const input = await readBody(request, packageSchema);
    const modifiedCount = await updatePackage(params.id ?? "", input);
    return modifiedCount ? Response.json({ modifiedCount }) : jsonError(404, "No such package.");
  },

  // DELETE /api/services/{id} (admin): { deletedCount }. A soft delete: orders keep their package.
  DELETE: async ({ request, params }) => {
    await requireApiAdmin(request);
    const deletedCount = await deletePackage(params.id ?? "");
    return deletedCount ? Response.json({ deletedCount }) : jsonError(404, "No such package.");
  },
});
