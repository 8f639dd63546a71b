// The login and register forms: one zod schema each, used by the browser and the actions.
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MISMATCH = "login password didn't match";

const email = z
  .string({ required_error: "Please enter your email address." })
  .trim()
  .toLowerCase()
  .max(254, "This email address is too long.")
  .email("Please enter a valid email address.");

export const loginSchema = z.object({
  email,
  password: z.string({ required_error: "Please enter your password." }).max(200, "This password is too long."),
  redirectTo: z.string().optional(),
});

export const registerSchema = z
  .object({
    displayName: z
      .string({ required_error: "Please enter your name." })
      .trim()
      .min(1, "Please enter your name.")
      .max(80, "Please use at most 80 characters for your name."),
    email,
    password: z
      .string({ required_error: "Please choose a password." })
      .min(PASSWORD_MIN_LENGTH, `Please use at least ${PASSWORD_MIN_LENGTH} characters for your password.`)
      // bcrypt only reads the first 72 bytes: a longer password would be partly ignored.
      .refine((value) => new TextEncoder().encode(value).length <= 72, "Please use at most 72 characters for your password."),
    confirmPassword: z.string({ required_error: PASSWORD_MISMATCH }),
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
  "too-many-requests": "Too many failed login attempts. Please wait a few minutes and try again.",
  "user-disabled": "This account has been disabled. Please contact us.",
  "operation-not-allowed": "Google sign-in is not configured on this site.",
  "popup-closed-by-user": "Google sign-in was cancelled. Please try again or log in with your email.",
  "network-request-failed": "We could not reach Google. Please try again in a moment.",
  "invalid-verification-code": "Google sign-in could not be completed. Please try again.",
} as const;

export type AuthCode = keyof typeof AUTH_MESSAGES;
