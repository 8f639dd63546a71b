// The operator's command that creates an administrator or resets one's password (scripts/admin.mjs,
// `npm run admin`, docs/operations.md): for a lost password, a deleted or demoted last administrator,
// or a first administrator of one's own choosing. The start-up never does this again after the first.
import { z } from "zod";
import { setAdministrator } from "~/accounts/account-store.server";
import { hashPassword } from "~/accounts/password.server";
import { isReservedEmail } from "~/accounts/system-accounts";
import { ADMIN_PASSWORD_MIN_LENGTH, DEMO_ADMIN_PASSWORD, randomPassword } from "~/platform/env.server";

const input = z.object({
  email: z
    .string({ required_error: "--email: required (the administrator's address)" })
    .trim()
    .toLowerCase()
    .email("--email: not an email address")
    .refine((email) => !isReservedEmail(email), "--email: a reserved address (.invalid) cannot be an administrator"),
  password: z
    .string()
    .min(ADMIN_PASSWORD_MIN_LENGTH, `--password: must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`)
    .max(72, "--password: must be at most 72 characters")
    .refine((password) => password !== DEMO_ADMIN_PASSWORD, "--password: the demo's published password")
    .optional(),
});

interface AdministratorSet {
  email: string;
  created: boolean;
  /** the random password made when none was given (to show once), else null */
  generatedPassword: string | null;
}

/**
 * Creates the administrator, or makes the account an administrator with the new password (its
 * sessions end). Throws an Error whose message names the option at fault; nothing changes then.
 */
export async function createOrResetAdministrator(options: { email?: string; password?: string }): Promise<AdministratorSet> {
  const parsed = input.safeParse(options);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join("\n"));
  const { email } = parsed.data;
  const generatedPassword = parsed.data.password ? null : randomPassword();
  const result = await setAdministrator(email, await hashPassword(parsed.data.password ?? generatedPassword!));
  if (!result) throw new Error("--email: a system account (a reseller's) cannot be an administrator");
  return { email, created: result.created, generatedPassword };
}
