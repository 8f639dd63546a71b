import { apiRoute, readBody, requireApiAdmin, serviceJson } from "~/api.server";
import { createService, listServices } from "~/catalog.server";
import { productSchema } from "~/products";

export const { loader, action } = apiRoute({
  // GET /api/services: every package on sale.
  GET: async () => Response.json((await listServices()).map(serviceJson)),

  // POST /api/services (admin): { insertedId }
  POST: async ({ request }) => {
    await requireApiAdmin(request);
    const input = await readBody(request, productSchema);
    const created = await createService(input);
    return Response.json({ insertedId: created.id }, { status: 201 });
  },
});
