import { makeAdminInputSchema } from "~/accounts";
import { promoteToAdmin } from "~/accounts/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin } from "~/http/api.server";

export const { loader, action } = apiRoute({
  // PUT /api/users/admin (admin): { modifiedCount }; an unknown email is a 404 and changes nothing.
  PUT: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const { email } = await readBody(request, makeAdminInputSchema);
    const { found, modified } = await promoteToAdmin(email, admin.id);
    if (!found) return jsonError(404, "No user has this email address.");
    return Response.json({ modifiedCount: modified });
  },
});
