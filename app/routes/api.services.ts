import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, readBody, requireApiAdmin, serviceJson } from "~/api.server";
import { createService, listServices } from "~/catalog.server";
import { productSchema } from "~/products";

// GET /api/services: every package on sale.
export async function loader() {
  return Response.json((await listServices()).map(serviceJson));
}

// POST /api/services (admin): { insertedId }
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await requireApiAdmin(request);
  const input = await readBody(request, productSchema);
  const created = await createService(input);
  return Response.json({ insertedId: created.id }, { status: 201 });
}
