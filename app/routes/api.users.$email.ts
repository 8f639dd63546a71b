import { isActiveAdmin } from "~/accounts/index.server";
import { apiRoute, tooManyRequests } from "~/http/api.server";
import { clientAddress } from "~/platform/client-address.server";
import { take } from "~/platform/rate-limit.server";

export const { loader, action } = apiRoute({
  // GET /api/users/{email}: { admin } and nothing else (false for unknown emails).
  GET: async ({ request, params, context }) => {
    // Per client address: one lookup per email would otherwise list every administrator.
    const counted = await take("user-lookup", { address: clientAddress(request, context) });
    if (counted.refused) return tooManyRequests(counted.refused);
    const email = (params.email ?? "").trim().toLowerCase();
    if (!email || email.length > 254 || email.includes("\0")) return Response.json({ admin: false });
    return Response.json({ admin: await isActiveAdmin(email) });
  },
});
