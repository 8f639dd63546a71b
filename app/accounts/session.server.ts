// Database-backed sessions (docs/decisions/0005-sessions-and-tokens.md): the signed cookie holds only a random id; the row
// (keyed by the id's SHA-256, so a database leak grants no session) holds the user and expiry.
import { createHash, randomBytes } from "node:crypto";
import { createCookie, redirect, type Cookie } from "@remix-run/node";
import { requestPath, safeRedirect } from "~/accounts/auth-redirect";
import { ADMINS_ONLY, FLASH_MESSAGES, STAFF_ONLY, type FlashKey } from "~/accounts/flash-messages";
import {
  createSession,
  deleteExpiredSessionsOf,
  deleteSession,
  extendSession,
  findSession,
} from "~/accounts/session-store.server";
import { env } from "~/platform/env.server";
import { requestMemo } from "~/platform/request-scope.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry: the row and cookie are renewed at most once a day. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  photoUrl: string | null;
  /** the language chosen on the profile or with the navbar's switch ("en" or "bn") */
  language: string;
  isAdmin: boolean;
  /** a guide: the departures, their manifests and check-in, nothing else */
  isGuide: boolean;
}

let cookies: { session: Cookie; flash: Cookie } | undefined;

export function sessionCookie(): Cookie {
  return cookieJar().session;
}

function cookieJar() {
  if (!cookies) {
    const config = env();
    const common = {
      httpOnly: true,
      sameSite: "lax" as const,
      secure: config.NODE_ENV === "production",
      path: "/",
      secrets: config.SESSION_SECRETS,
    };
    cookies = {
      session: createCookie("__session", { ...common, maxAge: SESSION_TTL_MS / 1000 }),
      flash: createCookie("__flash", { ...common, maxAge: 60 }),
    };
  }
  return cookies;
}

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

async function readSessionToken(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

export interface CurrentSession {
  user: SessionUser;
  /** a Set-Cookie value when the sliding expiry renewed the cookie */
  renewedCookie?: string;
}

/**
 * The signed-in session of a request, or null (no cookie, unknown, expired, or disabled account).
 * Looked up once per HTTP request (the root, layout and page loaders all ask, in parallel), never
 * kept beyond it: a logout or a disabled account counts from the next request on.
 */
export function getCurrentSession(request: Request): Promise<CurrentSession | null> {
  return requestMemo(request, "session", () => loadSession(request));
}

async function loadSession(request: Request): Promise<CurrentSession | null> {
  const token = await readSessionToken(request);
  if (!token) return null;
  const found = await activeSession(token);
  if (!found) return null;
  let renewedCookie: string | undefined;
  const now = Date.now();
  if (found.expiresAt.getTime() - now < SESSION_TTL_MS - RENEW_AFTER_MS) {
    await extendSession(hashSessionId(token), new Date(now + SESSION_TTL_MS));
    renewedCookie = await sessionCookie().serialize(token);
  }
  return { user: found.user, renewedCookie };
}

/** The user and expiry of a live session row; an expired row or a disabled account's is deleted. */
async function activeSession(token: string): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const id = hashSessionId(token);
  const row = await findSession(id);
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now() || row.user.disabled) {
    await deleteSession(id);
    return null;
  }
  const { disabled: _disabled, role, ...rest } = row.user;
  return { user: { ...rest, isAdmin: role === "ADMIN", isGuide: role === "GUIDE" }, expiresAt: row.expiresAt };
}

export async function getUser(request: Request): Promise<SessionUser | null> {
  return (await getCurrentSession(request))?.user ?? null;
}

/** The signed-in user, or a redirect to /login that remembers where the person was going. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (!user) {
    throw redirect(`/login?${new URLSearchParams({ redirectTo: requestPath(request) })}`);
  }
  return user;
}

/**
 * A signed-in administrator. Anyone else: a GET goes to /login (signed out) or to the site root
 * keeping the origin (signed in); any other method gets 403.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user?.isAdmin) return user;
  if (request.method !== "GET" && request.method !== "HEAD") {
    throw new Response(ADMINS_ONLY, { status: 403 });
  }
  if (!user) return requireUser(request);
  throw redirect(`/?${new URLSearchParams({ redirectTo: requestPath(request) })}`);
}

/** A signed-in guide or administrator (departures, manifests, check-in); anyone else as requireAdmin. */
export async function requireStaff(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user?.isAdmin || user?.isGuide) return user;
  if (request.method !== "GET" && request.method !== "HEAD") {
    throw new Response(STAFF_ONLY, { status: 403 });
  }
  if (!user) return requireUser(request);
  throw redirect(`/?${new URLSearchParams({ redirectTo: requestPath(request) })}`);
}

export type { FlashKey };

export async function flashCookie(key: FlashKey): Promise<string> {
  return cookieJar().flash.serialize(key);
}

/** Reads a one-time message and the Set-Cookie that clears it. */
export async function consumeFlash(
  request: Request,
): Promise<{ flash: (typeof FLASH_MESSAGES)[FlashKey] | null; clear?: string }> {
  const key = await cookieJar().flash.parse(request.headers.get("Cookie"));
  if (typeof key !== "string" || !(key in FLASH_MESSAGES)) return { flash: null };
  return { flash: FLASH_MESSAGES[key as FlashKey], clear: await cookieJar().flash.serialize("", { maxAge: 0 }) };
}

/** Starts a session for the user and redirects (to a safe path only). */
export async function createUserSession({
  userId,
  redirectTo,
  flash,
  headers,
  request,
}: {
  userId: string;
  redirectTo: string;
  flash?: FlashKey;
  headers?: HeadersInit;
  /** the sign-in request: a session it still carries is ended (always a fresh id) */
  request?: Request;
}): Promise<Response> {
  const token = randomBytes(32).toString("base64url");
  const previous = request ? await readSessionToken(request) : null;
  if (previous) await deleteSession(hashSessionId(previous));
  await createSession(hashSessionId(token), userId, new Date(Date.now() + SESSION_TTL_MS));
  // Housekeeping: expired rows of this user go away when they sign in again.
  await deleteExpiredSessionsOf(userId);
  const responseHeaders = new Headers(headers);
  responseHeaders.append("Set-Cookie", await sessionCookie().serialize(token));
  if (flash) responseHeaders.append("Set-Cookie", await flashCookie(flash));
  return redirect(safeRedirect(redirectTo, "/home"), { headers: responseHeaders });
}

/** Ends the session: the row is deleted, the cookie cleared, and the next page says so. */
export async function logout(request: Request, redirectTo = "/"): Promise<Response> {
  const token = await readSessionToken(request);
  if (token) await deleteSession(hashSessionId(token));
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookie().serialize("", { maxAge: 0 }));
  headers.append("Set-Cookie", await flashCookie("logout"));
  return redirect(redirectTo, { headers });
}

// API tokens (POST /api/auth/token) are session rows too, so they expire, can be revoked and end
// with a disabled account. They do not slide. The prefix keeps them apart from cookie session ids:
// a cookie's id is never accepted as a bearer token.
const API_TOKEN = /^tb_[A-Za-z0-9_-]{43}$/;

export async function createApiToken(userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = `tb_${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await createSession(hashSessionId(token), userId, expiresAt);
  return { token, expiresAt };
}

/** The user of a live API token, or null (malformed, unknown, expired, revoked, account disabled). */
export async function getApiTokenUser(token: string): Promise<SessionUser | null> {
  if (!API_TOKEN.test(token)) return null;
  return (await activeSession(token))?.user ?? null;
}

export async function revokeApiToken(token: string): Promise<number> {
  if (!API_TOKEN.test(token)) return 0;
  return deleteSession(hashSessionId(token));
}
