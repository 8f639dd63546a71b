import { apiRoute } from "~/api.server";
import { db } from "~/db.server";

export const { loader, action } = apiRoute({
  // GET /api/users/{email}: { admin } and nothing else (false for unknown emails).
  GET: async ({ params }) => {
    const email = (params.email ?? "").trim().toLowerCase();
    if (!email || email.length > 254 || email.includes("\0")) return Response.json({ admin: false });
    const prisma = await db();
    const user = await prisma.user.findUnique({ where: { email }, select: { role: true, disabled: true } });
    return Response.json({ admin: user?.role === "ADMIN" && !user.disabled });
  },
});
