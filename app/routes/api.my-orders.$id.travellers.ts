// PUT /api/my-orders/{id}/travellers: the owner (until the cutoff before departure) or an admin (at
// any time) completes or corrects the booking's travellers; the answer is the order. Someone else's
// order is not found, as everywhere in the API.
import { z } from "zod";
import { orderJson, travellersInputSchema } from "~/booking";
import { findBookingRecord, TravellersError, updateTravellers } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiUser } from "~/http/api.server";
import { travellersErrorStatus } from "~/http/error-status";
import { isPlausibleId } from "~/platform/ids";

/** zod's path as the API names a traveller's field: travellers[0].dateOfBirth. */
const fieldPath = (path: (string | number)[]) =>
  path.reduce<string>((named, part) => (typeof part === "number" ? `${named}[${part}]` : named ? `${named}.${part}` : part), "");

export const { loader, action } = apiRoute({
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    if (!isPlausibleId(params.id)) return jsonError(404, "No such order.");
    const body = await readBody(request, z.object({}).passthrough());
    const parsed = travellersInputSchema.safeParse(body);
    if (!parsed.success) {
      const details: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (details[fieldPath(issue.path) || "body"] ??= []).push(issue.message);
      const [field, [message]] = Object.entries(details)[0];
      return jsonError(400, `${field}: ${message}`, details);
    }
    const changes = parsed.data.travellers.map(({ _id, ...fields }) => ({ id: _id, ...fields }));
    try {
      await updateTravellers(params.id, user, changes);
    } catch (error) {
      if (!(error instanceof TravellersError)) throw error;
      const details = error.errors.length > 0 ? groupErrors(error.errors) : undefined;
      return jsonError(travellersErrorStatus(error), error.message, details);
    }
    const order = await findBookingRecord(params.id, undefined);
    return order ? Response.json(orderJson(order)) : jsonError(404, "No such order.");
  },
});

function groupErrors(errors: { path: string; message: string }[]): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const { path, message } of errors) (details[path] ??= []).push(message);
  return details;
}
