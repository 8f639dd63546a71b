import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";

// GET /api/users/{email}: { admin } and nothing else (false for unknown emails).
export async function loader({ params }: LoaderFunctionArgs) {
  const email = (params.email ?? "").trim().toLowerCase();
  if (!email || email.length > 254) return Response.json({ admin: false });
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email }, select: { role: true, disabled: true } });
  return Response.json({ admin: user?.role === "ADMIN" && !user.disabled }, { headers: { "Cache-Control": "no-store" } });
}
