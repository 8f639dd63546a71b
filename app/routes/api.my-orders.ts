import { randomBytes } from "node:crypto";
import { countTravellers, orderInputSchema, orderJson, ordersQuerySchema } from "~/booking";
import { listBookingRecords, BookingError, placeBooking, quote } from "~/booking/index.server";
import { type ApiHandler, apiRoute, fieldDetails, jsonError, readBody, requireApiUser, tooManyRequests } from "~/http/api.server";
import { placementErrorStatus } from "~/http/error-status";
import { clientAddress } from "~/platform/client-address.server";
import { ONE_TIME_KEY } from "~/platform/fields";
import { CURSOR_INVALID, createdAtCursor, createdAtKey, pagedJson, readApiPage } from "~/platform/paging";
import { take } from "~/platform/rate-limit.server";

// GET /api/my-orders (admin: all orders) and GET /api/my-orders?email= (that user or an admin), newest
// first, `limit` (default 50, at most 100) a page, the next page in the Link header.
const listOrders: ApiHandler = async ({ request }) => {
  const user = await requireApiUser(request);
  const email = new URL(request.url).searchParams.get("email")?.trim().toLowerCase();
  if (email !== undefined && !ordersQuerySchema.safeParse({ email }).success) {
    return jsonError(400, "email must be an email address.", { email: ["email must be an email address."] });
  }
  if (email === undefined && !user.isAdmin) return jsonError(403, "Administrators only: add ?email= with your own email.");
  if (email !== undefined && email !== user.email && !user.isAdmin) return jsonError(403, "You can only see your own orders.");
  const page = readApiPage(request.url);
  if (!page.ok) return jsonError(400, page.message, { [page.field]: [page.message] });
  const after = page.cursor && createdAtCursor(page.cursor);
  if (page.cursor && !after) return jsonError(400, CURSOR_INVALID, { cursor: [CURSOR_INVALID] });
  const orders = await listBookingRecords(email, { after: after ?? null, limit: page.limit + 1 });
  return pagedJson(request, orders, page.limit, orderJson, createdAtKey);
};

// POST /api/my-orders (signed in): the server prices the order from the package's categories and
// the travellers (or quantity), and books the departure's seats (app/booking/placing/booking-placement.server.ts).
// A traveller's error is a 400 naming it: details { "travellers[2].dateOfBirth": [...] }.
const placeApiBooking: ApiHandler = async ({ request, context }) => {
  const user = await requireApiUser(request);
  const input = await readBody(request, orderInputSchema);
  const counted = await take("order", { account: user.id, address: clientAddress(request, context) });
  if (counted.refused) return tooManyRequests(counted.refused);
  // Without travellers, quantity persons of the first category, names to follow (older clients).
  const priced = await quote(
    input.service,
    (categories) => (input.travellers ? countTravellers(input.travellers) : { [categories[0].id]: input.quantity }),
    input.departure,
  );
  if (!priced) return jsonError(400, "This package is no longer available.");
  if (input.Price !== undefined && priced.ok && Math.round(input.Price * 100) !== priced.totalCents) {
    const what = input.travellers ? "these travellers cost" : `${input.quantity} x this package costs`;
    return jsonError(400, `The price does not match: ${what} ${priced.totalCents / 100}.`);
  }
  // An Idempotency-Key header makes retries safe, as the checkout form's key does.
  const key = request.headers.get("Idempotency-Key");
  const formKey = input.formKey ?? (key && ONE_TIME_KEY.test(key) ? key : randomBytes(16).toString("base64url"));
  try {
    const order = await placeBooking(user.id, { ...input, formKey });
    return Response.json({ insertedId: order.id }, { status: 201 });
  } catch (error) {
    if (error instanceof BookingError) return jsonError(placementErrorStatus(error), error.message, fieldDetails(error.fields));
    throw error;
  }
};

export const { loader, action } = apiRoute({ GET: listOrders, POST: placeApiBooking });
