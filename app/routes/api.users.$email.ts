import { apiRoute, jsonError } from "~/api.server";
import { db } from "~/db.server";
import { clientAddress, retryAfter, take } from "~/rate-limit.server";

export const { loader, action } = apiRoute({
  // GET /api/users/{email}: { admin } and nothing else (false for unknown emails).
  GET: async ({ request, params, context }) => {
    // Per client address: one lookup per email would otherwise list every administrator.
    const counted = await take("user-lookup", { address: clientAddress(request, context) });
    if (counted.refused) return jsonError(429, counted.refused.message, undefined, retryAfter(counted.refused));
    const email = (params.email ?? "").trim().toLowerCase();
    if (!email || email.length > 254 || email.includes("\0")) return Response.json({ admin: false });
    const prisma = await db();
    const user = await prisma.user.findUnique({ where: { email }, select: { role: true, disabled: true } });
    return Response.json({ admin: user?.role === "ADMIN" && !user.disabled });
  },
});
