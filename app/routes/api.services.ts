import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, readBody, requireApiAdmin, serviceJson } from "~/api.server";
import { listServices } from "~/catalog.server";
import { db } from "~/db.server";
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
  const prisma = await db();
  const created = await prisma.service.create({
    data: { title: input.title, costCents: input.cost * 100, image: input.image, description: input.description },
    select: { id: true },
  });
  return Response.json({ insertedId: created.id }, { status: 201 });
}
