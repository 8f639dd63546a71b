// Password-reset links: a random secret sent by email (through the outbox), of which only the
// SHA-256 is stored; usable once, for an hour. Whether the email has an account is never told.
import { createHash, randomBytes } from "node:crypto";
import {
  consumePasswordReset,
  createPasswordReset,
  findResetAccount,
  isLivePasswordReset,
} from "~/accounts/account-store.server";
import { hashPassword } from "~/accounts/password.server";
import { deliverOutbox } from "~/platform/mail.server";
import { publicUrl } from "~/platform/public-url.server";
import { signedInRecently, take, type Counted } from "~/platform/rate-limit.server";

const RESET_LINK_TTL_MS = 60 * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Queues a reset link for the email's account, if there is an enabled one. The request is counted
 * (per email and per address) before the account is looked up, so the answer is the same either way.
 *
 * A stranger can use up the email's hourly cap from a few addresses (3 each); the owner's own
 * address still gets through when it signed into the account in the last 30 days (only the
 * password's holder can make an address known, and whether one is known depends on the email
 * typed and the address, not on whether the account exists). It is still held to its own 3 an hour.
 */
export async function requestPasswordReset({
  email,
  address,
  now = new Date(),
}: {
  email: string;
  address: string | null;
  now?: Date;
}): Promise<{ refused: Counted["refused"] }> {
  const knownAddress = await signedInRecently(email, address, now);
  const counted = await take("password-reset", { account: email, address, knownAddress }, now);
  if (counted.refused) return { refused: counted.refused };
  const account = await findResetAccount(email);
  // A system account (a reseller's) never signs in, so never by a reset link either.
  if (!account || account.disabled || account.systemAccount) return { refused: null };
  const token = randomBytes(32).toString("base64url");
  const link = publicUrl(`/reset-password/${token}`);
  await createPasswordReset(
    { tokenHash: hashToken(token), userId: account.id, expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS) },
    {
      to: email,
      subject: "Reset your Tour Booking password",
      text: [
        `Hello ${account.displayName},`,
        "",
        "Someone (hopefully you) asked to reset the password of your Tour Booking account.",
        "Open this link within an hour to choose a new password:",
        "",
        link,
        "",
        "If you did not ask for it, ignore this email: your password stays as it is.",
      ].join("\n"),
    },
  );
  // Sent now when SMTP is configured, without waiting: the answer takes no longer for an account.
  void deliverOutbox().catch(() => 0);
  return { refused: null };
}

/** Whether the link can still be used (for showing the form). */
export async function isUsableResetToken(token: string): Promise<boolean> {
  return TOKEN.test(token) && isLivePasswordReset(hashToken(token));
}

/**
 * Sets the new password with the link (once): every other session and API token of the user ends.
 * Returns the user id, or null when the link is unknown, used or expired.
 */
export async function resetPassword(token: string, password: string): Promise<string | null> {
  if (!TOKEN.test(token) || !(await isLivePasswordReset(hashToken(token)))) return null;
  const hash = await hashPassword(password);
  return consumePasswordReset(hashToken(token), hash);
}
