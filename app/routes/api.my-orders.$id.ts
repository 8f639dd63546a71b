import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { jsonError, methodNotAllowed, orderJson, orderRecordSelect, requireApiUser } from "~/api.server";
import { isPlausibleId } from "~/catalog.server";
import { db } from "~/db.server";
import { deleteOrder, OrderError } from "~/orders.server";

// GET /api/my-orders/{id}: the owner or an admin; anyone else gets the same 404 as a missing order.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  if (!isPlausibleId(params.id)) return jsonError(404, "No such order.");
  const prisma = await db();
  const order = await prisma.order.findFirst({
    where: { id: params.id, deletedAt: null, ...(user.isAdmin ? {} : { userId: user.id }) },
    select: orderRecordSelect,
  });
  return order ? Response.json(orderJson(order), { headers: { "Cache-Control": "no-store" } }) : jsonError(404, "No such order.");
}

// PUT saves a payment only once the server has verified it with the provider (payments come
// with the payments work); DELETE is a soft delete by the owner (unpaid) or an admin.
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  if (request.method === "PUT") {
    return jsonError(409, "A payment is recorded by the server once the payment provider has confirmed it.");
  }
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  if (!isPlausibleId(params.id)) return jsonError(404, "No such order.");
  try {
    return Response.json({ deletedCount: await deleteOrder(params.id, user.isAdmin ? undefined : user.id) });
  } catch (error) {
    if (error instanceof OrderError) return jsonError(error.code === "paid" ? 409 : 404, error.message);
    throw error;
  }
}
