import { db } from "~/db.server";

/**
 * Makes the account with this email an administrator. `found` is false for an unknown email
 * (nothing changes); `modified` is 0 when the account already was one.
 */
export async function promoteToAdmin(email: string): Promise<{ found: boolean; modified: number }> {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return { found: false, modified: 0 };
  const { count } = await prisma.user.updateMany({ where: { id: user.id, role: { not: "ADMIN" } }, data: { role: "ADMIN" } });
  return { found: true, modified: count };
}
