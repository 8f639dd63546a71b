import { z } from "zod";
import { apiRoute, jsonError, readBody, requireApiAdmin } from "~/http/api.server";
import { promoteToAdmin } from "~/data/users.server";

const makeAdminSchema = z.object({
  email: z.string({ required_error: "email is required." }).trim().toLowerCase().email("email must be an email address."),
});

export const { loader, action } = apiRoute({
  // PUT /api/users/admin (admin): { modifiedCount }; an unknown email is a 404 and changes nothing.
  PUT: async ({ request }) => {
    await requireApiAdmin(request);
    const { email } = await readBody(request, makeAdminSchema);
    const { found, modified } = await promoteToAdmin(email);
    if (!found) return jsonError(404, "No user has this email address.");
    return Response.json({ modifiedCount: modified });
  },
});
