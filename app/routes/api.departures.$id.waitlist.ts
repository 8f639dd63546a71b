// /api/departures/{id}/waitlist: a signed-in customer joins the departure's waitlist with their
// party (POST) or leaves it (DELETE, their own place); administrators read its line (GET).
import { waitlistEntryJson, waitlistInputSchema } from "~/booking";
import { departureWaitlist, joinWaitlist, leaveWaitlist, WaitlistError, waitlistErrorStatus } from "~/booking/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin, requireApiUser } from "~/http/api.server";

function refused(error: unknown): Response {
  if (!(error instanceof WaitlistError)) throw error;
  return jsonError(waitlistErrorStatus(error), error.message, error.field ? { [error.field]: [error.message] } : undefined);
}

export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    await requireApiAdmin(request);
    const entries = await departureWaitlist(params.id ?? "");
    if (!entries) return jsonError(404, "No such departure.");
    return Response.json(entries.map(waitlistEntryJson));
  },
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await readBody(request, waitlistInputSchema);
    try {
      const joined = await joinWaitlist(user.id, params.id ?? "", input);
      return Response.json({ _id: joined.id, status: "waiting" }, { status: 201 });
    } catch (error) {
      return refused(error);
    }
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    try {
      await leaveWaitlist(user.id, params.id ?? "");
      return Response.json({ deletedCount: 1 });
    } catch (error) {
      return refused(error);
    }
  },
});
