// The signed-in person's own account: password change and deletion (app/routes/dashboard.profile.tsx).
import { DELETE_WORD } from "~/accounts/account-forms";
import { deleteAccount, findProfile, type ForgetBookings, setPassword } from "~/accounts/account-store.server";
import { authFailure, verifyLogin } from "~/accounts/auth.server";
import { hashPassword } from "~/accounts/password.server";
import type { SessionUser } from "~/accounts/session.server";

const WRONG_CURRENT_PASSWORD = "Your current password is wrong.";
const NO_PASSWORD = "This account signs in with Google and has no password: use Forgot password? to choose one.";
const WRONG_CONFIRMATION = `Please type ${DELETE_WORD} or your password to confirm.`;
const LAST_ADMIN = "You are the only administrator: make someone else an administrator before deleting your account.";

/** A refusal the form shows: on a field, or on the form (field undefined), with its HTTP status. */
export class AccountRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * Checks the password under the login limits (a stolen session cannot guess it faster than a
 * login form could); refuses with the message on the given field.
 */
async function checkPassword(user: SessionUser, password: string, address: string | null, field: string) {
  try {
    await verifyLogin(user.email, password, address);
  } catch (error) {
    const failure = authFailure(error);
    if (!failure) throw error;
    if (failure.code === "too-many-requests")
      throw new AccountRefusal(failure.message, 429, undefined, failure.retryAfterSeconds);
    throw new AccountRefusal(field === "currentPassword" ? WRONG_CURRENT_PASSWORD : WRONG_CONFIRMATION, 400, field);
  }
}

/** Sets a new password after checking the current one; every session and API token ends. */
export async function changePassword(user: SessionUser, current: string, next: string, address: string | null) {
  const profile = await findProfile(user.id);
  if (!profile?.password) throw new AccountRefusal(NO_PASSWORD, 400);
  await checkPassword(user, current, address, "currentPassword");
  await setPassword(user.id, await hashPassword(next));
}

/** Deletes the account once confirmed by the word DELETE or the password. */
export async function deleteOwnAccount(
  user: SessionUser,
  confirm: string,
  address: string | null,
  /** booking's forgetCustomerBookings */
  forgetBookings: ForgetBookings,
) {
  if (confirm.trim() !== DELETE_WORD) {
    const profile = await findProfile(user.id);
    if (!profile?.password) throw new AccountRefusal(WRONG_CONFIRMATION, 400, "confirm");
    await checkPassword(user, confirm, address, "confirm");
  }
  if ((await deleteAccount(user.id, forgetBookings)) === "last-admin") throw new AccountRefusal(LAST_ADMIN, 409);
}
