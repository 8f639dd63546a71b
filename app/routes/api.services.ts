import { createPackage, listPackages } from "~/data/packages.server";
import { packageSchema } from "~/domain/packages";
import { packageJson } from "~/http/api-json";
import { apiRoute, readBody, requireApiAdmin } from "~/http/api.server";

export const { loader, action } = apiRoute({
  // GET /api/services: every package on sale.
  GET: async () => Response.json((await listPackages()).map(packageJson)),

  // POST /api/services (admin): { insertedId }
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const input = await readBody(request, packageSchema);
    const created = await createPackage(input);
    return Response.json({ insertedId: created.id }, { status: 201 });
  },
});
