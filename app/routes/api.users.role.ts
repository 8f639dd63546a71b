import { ROLE_NAMES, userRoleInputSchema } from "~/accounts";
import { changeUserRole } from "~/accounts/index.server";
import { apiRoute, jsonError, readBody, requireApiAdmin } from "~/http/api.server";

const REFUSED = {
  "not-admin": [403, "Administrators only."],
  "not-found": [404, "No user has this email address."],
  "last-admin": [409, "The last administrator cannot be removed or disabled. Make another administrator first."],
  self: [409, "You cannot change your own role."],
} as const;

export const { loader, action } = apiRoute({
  // PUT /api/users/role (admin): { email, role } → { email, role, modifiedCount }; audited like the users page.
  PUT: async ({ request }) => {
    const admin = await requireApiAdmin(request);
    const { email, role } = await readBody(request, userRoleInputSchema);
    const decision = await changeUserRole(admin.id, email, ROLE_NAMES[role]);
    if ("refused" in decision) {
      const [status, message] = REFUSED[decision.refused];
      return jsonError(status, message);
    }
    return Response.json({ email, role, modifiedCount: "unchanged" in decision ? 0 : 1 });
  },
});
