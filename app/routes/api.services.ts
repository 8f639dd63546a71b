import { apiRoute, readBody, requireApiAdmin } from "~/api.server";
import { packageJson } from "~/api-json";
import { createPackage, listPackages } from "~/data/packages.server";
import { packageSchema } from "~/packages";

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
