// The login and register forms: one zod schema each, used by the browser and the actions.
import { z } from "zod";
import { email as emailField, EMAIL_MESSAGES, newPassword, password, requiredText } from "~/platform/fields";
import { TOO_MANY_LOGINS } from "~/platform/rate-limit";

export const PASSWORD_MISMATCH = "login password didn't match";

const email = emailField(EMAIL_MESSAGES, { lowerCase: true });

export const loginSchema = z.object({
  email,
  password,
  redirectTo: z.string().optional(),
});

export const registerSchema = z
  .object({
    displayName: requiredText({
      max: 80,
      missing: "Please enter your name.",
      tooLong: "Please use at most 80 characters for your name.",
    }),
    email,
    password: newPassword,
    confirmPassword: z.string({ required_error: PASSWORD_MISMATCH }),
    redirectTo: z.string().optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: PASSWORD_MISMATCH,
    path: ["confirmPassword"],
  });

export const makeAdminSchema = z.object({ email });

/** Messages for the identity error codes of docs/spec.md §8 that can still occur. */
export const AUTH_MESSAGES = {
  "wrong-password": "Wrong email or password. Please try again.",
  "user-not-found": "Wrong email or password. Please try again.",
  "email-already-in-use": "This email is already registered. Please log in instead.",
  "invalid-email": "Please enter a valid email address.",
  "too-many-requests": TOO_MANY_LOGINS,
  "user-disabled": "This account has been disabled. Please contact us.",
  "operation-not-allowed": "Google sign-in is not configured on this site.",
  "popup-closed-by-user": "Google sign-in was cancelled. Please try again or log in with your email.",
  "network-request-failed": "We could not reach Google. Please try again in a moment.",
  "invalid-verification-code": "Google sign-in could not be completed. Please try again.",
} as const;

export type AuthCode = keyof typeof AUTH_MESSAGES;
