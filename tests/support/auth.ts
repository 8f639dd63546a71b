// Users and signed-in requests for tests (real rows, real session cookies).
import { randomBytes } from "node:crypto";
import { hashPassword } from "~/accounts/auth.server";
import { createUserSession } from "~/accounts/session.server";
import { db } from "~/platform/db.server";
import { formRequest, getRequest } from "./requests";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

export async function createUser({
  email = uniqueEmail(),
  password = "correct horse",
  displayName = "Test User",
  role = "CUSTOMER",
  disabled = false,
}: { email?: string; password?: string; displayName?: string; role?: "CUSTOMER" | "GUIDE" | "ADMIN"; disabled?: boolean } = {}) {
  const prisma = await db();
  const hash = await hashPassword(password);
  const user = await prisma.user.create({
    data: { email, displayName, role, disabled, password: { create: { hash } } },
  });
  return { ...user, password };
}

/** The "name=value" Cookie header for the session cookie set by a response. */
export function cookieFrom(response: Response, name = "__session"): string {
  const all = response.headers.getSetCookie();
  const found = all.find((cookie) => cookie.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${JSON.stringify(all)}`);
  return found.split(";")[0];
}

/** A session cookie for the user, as if they had logged in. */
export async function signIn(userId: string): Promise<string> {
  const response = await createUserSession({ userId, redirectTo: "/home" });
  return cookieFrom(response);
}

export function authedGet(path: string, cookie: string | null) {
  return getRequest(path, cookie ? { headers: { Cookie: cookie } } : {});
}

export function authedPost(path: string, fields: Record<string, string>, cookie: string | null) {
  return formRequest(path, fields, cookie ? { headers: { Cookie: cookie } } : {});
}
