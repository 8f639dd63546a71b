// Sign-in through remix-auth: FormStrategy for email/password login and registration,
// GoogleStrategy (OAuth 2) for Google. remix-auth only verifies; the session itself is ours
// (app/accounts/session.server.ts). Its session storage only keeps the OAuth state between the two legs.
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy } from "remix-auth-google";
import { endPasswordResets } from "~/accounts/account-store.server";
import { AUTH_MESSAGES, type AuthCode } from "~/accounts/auth-forms";
import { isAllowedAvatarUrl } from "~/accounts/avatars";
import { hashPassword, PasswordBusyError, verifyPassword } from "~/accounts/password.server";
import { isReservedEmail } from "~/accounts/system-accounts";
import {
  createGoogleUser,
  createPasswordUser,
  findLoginUser,
  findUserByEmail,
  findUserByGoogleId,
  findUserIdByEmail,
  linkGoogleAccount,
} from "~/accounts/user-store.server";
import { env } from "~/platform/env.server";
import { publicUrl } from "~/platform/public-url.server";
import { rememberSignIn, take } from "~/platform/rate-limit.server";

export interface AuthUser {
  id: string;
}

/** A sign-in failure with one of the spec's identity codes. */
export class AuthFailure extends Error {
  constructor(
    readonly code: AuthCode,
    readonly field?: "email" | "password",
    /** for too-many-requests: seconds until the limit's window ends */
    readonly retryAfterSeconds?: number,
  ) {
    super(AUTH_MESSAGES[code]);
  }
}

/** The AuthFailure behind a remix-auth AuthorizationError, if any. */
export function authFailure(error: unknown): AuthFailure | null {
  if (error instanceof AuthFailure) return error;
  if (error instanceof AuthorizationError && error.cause instanceof AuthFailure) return error.cause;
  return null;
}

interface LoginContext {
  formData: FormData;
  clientAddress: string | null;
  [key: string]: unknown;
}

interface RegisterContext {
  formData: FormData;
  displayName: string;
  email: string;
  password: string;
  [key: string]: unknown;
}

export { hashPassword, PasswordBusyError };

/** The PasswordBusyError behind a remix-auth AuthorizationError, if any. */
export function passwordBusy(error: unknown): PasswordBusyError | null {
  if (error instanceof PasswordBusyError) return error;
  if (error instanceof AuthorizationError && error.cause instanceof PasswordBusyError) return error.cause;
  return null;
}

export function isGoogleConfigured(): boolean {
  const config = env();
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

/**
 * Checks an email and password under the login limits (the login form and POST /api/auth/token).
 * The attempt is counted in the database before the password is checked, so a burst of
 * concurrent attempts gets no more checks than the limits allow; a success is taken back.
 */
export async function verifyLogin(email: string, password: string, address: string | null): Promise<AuthUser> {
  const attempt = await take("login", { account: email, address });
  if (attempt.refused) throw new AuthFailure("too-many-requests", undefined, attempt.refused.retryAfterSeconds);
  // Many attempts on this account from elsewhere: slower, but the owner still gets in.
  if (attempt.delayMs > 0) await new Promise((done) => setTimeout(done, attempt.delayMs));
  const found = await findLoginUser(email);
  // A system account (a reseller's) never signs in: the same answer as an unknown address.
  const user = found?.systemAccount ? null : found;
  let ok: boolean;
  try {
    ok = await verifyPassword(password, user?.password?.hash);
  } catch (error) {
    // Not checked: the attempt does not count.
    if (error instanceof PasswordBusyError) await attempt.refund();
    throw error;
  }
  if (!user || !ok) throw new AuthFailure("wrong-password");
  await attempt.refund();
  if (user.disabled) throw new AuthFailure("user-disabled");
  // Its reset requests are then not held to the email's cap, which strangers can use up.
  await rememberSignIn(email, address);
  // The owner knows the password: reset links asked before (perhaps by someone else) end.
  await endPasswordResets(user.id);
  return { id: user.id };
}

async function verifyRegister({ displayName, email, password }: RegisterContext): Promise<AuthUser> {
  // The reserved domain is the system's (system-accounts.ts): a stranger must not own a reseller's address first.
  if (isReservedEmail(email)) throw new AuthFailure("invalid-email", "email");
  const existing = await findUserIdByEmail(email);
  if (existing) throw new AuthFailure("email-already-in-use", "email");
  const passwordHash = await hashPassword(password);
  try {
    return await createPasswordUser({ email, displayName, passwordHash });
  } catch (error) {
    // Two registrations racing for the same address.
    if ((error as { code?: string }).code === "P2002") throw new AuthFailure("email-already-in-use", "email");
    throw error;
  }
}

interface GoogleUserInfo {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture?: string;
}

/** Finds the user by Google id, else links the verified email, else creates the account. */
async function upsertGoogleUser(info: GoogleUserInfo): Promise<AuthUser> {
  if (!info.sub || !info.email || !info.emailVerified) throw new AuthFailure("invalid-verification-code");
  const email = info.email.trim().toLowerCase();
  if (isReservedEmail(email)) throw new AuthFailure("invalid-verification-code");
  const displayName = (info.name || email.split("@")[0]).slice(0, 80);
  const photoUrl = info.picture && isAllowedAvatarUrl(info.picture) ? info.picture : undefined;
  const byGoogle = await findUserByGoogleId(info.sub);
  const byEmail = byGoogle ? null : await findUserByEmail(email);
  const found = byGoogle ?? byEmail;
  if (found?.disabled) throw new AuthFailure("user-disabled");
  if (found?.systemAccount) throw new AuthFailure("invalid-verification-code");
  if (found) {
    await linkGoogleAccount(found.id, info.sub, photoUrl);
    return { id: found.id };
  }
  return createGoogleUser({ email, displayName, photoUrl, googleId: info.sub });
}

/** The OAuth round trip's cookies: signed, only under /auth, gone after ten minutes. */
function oauthCookieOptions() {
  const config = env();
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: config.NODE_ENV === "production",
    path: "/auth",
    maxAge: 600,
    secrets: config.SESSION_SECRETS,
  };
}

let authenticator: Authenticator<AuthUser> | undefined;

export function getAuthenticator(): Authenticator<AuthUser> {
  if (authenticator) return authenticator;
  const config = env();
  const oauthStorage = createCookieSessionStorage({
    cookie: { name: "__oauth", ...oauthCookieOptions() },
  });
  const instance = new Authenticator<AuthUser>(oauthStorage, { throwOnError: true });
  instance.use(
    new FormStrategy<AuthUser>(async ({ form, context }) => {
      const ctx = context as LoginContext;
      const email = String(form.get("email") ?? "")
        .trim()
        .toLowerCase();
      const password = String(form.get("password") ?? "");
      return verifyLogin(email, password, ctx.clientAddress);
    }),
    "user-pass",
  );
  instance.use(new FormStrategy<AuthUser>(async ({ context }) => verifyRegister(context as RegisterContext)), "register");
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    instance.use(
      new GoogleStrategy<AuthUser>(
        {
          clientID: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          // Absolute, from PUBLIC_URL: remix-auth-oauth2 would otherwise build it from X-Forwarded-Host or Host.
          callbackURL: publicUrl("/auth/google/callback"),
          prompt: "select_account",
        },
        async ({ profile }) =>
          upsertGoogleUser({
            sub: profile.id,
            email: profile._json?.email ?? profile.emails?.[0]?.value,
            emailVerified: profile._json?.email_verified === true,
            name: profile.displayName,
            picture: profile.photos?.[0]?.value,
          }),
      ),
    );
  }
  authenticator = instance;
  return instance;
}

/** Where to go after Google: kept for the ten minutes of the OAuth round trip. */
export function returnToCookie() {
  return createCookie("__oauth_return", oauthCookieOptions());
}
