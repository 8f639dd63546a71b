// The accounts' part of the JSON API under /api: the bodies its handlers validate (tokens, users,
// roles) and the shapes of its answers, with the projections that make them. app/http/openapi.ts
// turns these very schemas into the OpenAPI document.
import { z } from "zod";
import { loginSchema } from "~/accounts/auth-forms";
import { email, requiredText } from "~/platform/fields";

// ---- Request bodies ----

export const tokenRequestSchema = loginSchema.pick({ email: true, password: true });

const accountEmail = (description?: string) => {
  const schema = email(
    { missing: "email is required.", invalid: "email must be an email address.", tooLong: "email is too long." },
    { lowerCase: true },
  );
  return description ? schema.describe(description) : schema;
};

export const userInputSchema = z.object({
  email: accountEmail("The caller's own email"),
  // Sent empty it is refused rather than ignored: it would blank the name the site shows.
  displayName: requiredText({
    max: 80,
    missing: "displayName cannot be empty.",
    tooLong: "displayName can be at most 80 characters.",
  }).optional(),
});

export const makeAdminInputSchema = z.object({ email: accountEmail() });

const API_ROLES = ["customer", "guide", "admin"] as const;
const apiRole = z
  .enum(API_ROLES, { errorMap: () => ({ message: 'role must be "customer", "guide" or "admin".' }) })
  .describe("customer: orders only; guide: departures, their manifests and check-in; admin: everything");

/** PUT /api/users/role (admin). */
export const userRoleInputSchema = z.object({ email: accountEmail(), role: apiRole });

// ---- Answers ----

export const userRoleSchema = z
  .object({
    email: z.string(),
    role: z.enum(API_ROLES),
    modifiedCount: z.number().int().min(0).describe("1 when the role changed, 0 when the account already had it"),
  })
  .strict();

export const tokenSchema = z
  .object({ token: z.string().regex(/^tb_[A-Za-z0-9_-]{43}$/), expiresAt: z.string().datetime() })
  .strict();

export const adminFlagSchema = z.object({ admin: z.boolean() }).strict();

export const userSchema = z
  .object({
    _id: z.string(),
    email: z.string().email(),
    displayName: z.string(),
    admin: z.boolean(),
    role: z.enum(API_ROLES),
    disabled: z.boolean(),
    createdAt: z.string().datetime(),
  })
  .strict();

export const savedUserSchema = z
  .object({ _id: z.string(), email: z.string(), displayName: z.string(), acknowledged: z.literal(true) })
  .strict();

/** GET /api/users: an account as an administrator sees it (userSchema, with createdAt still a Date until JSON). */
export function userJson({
  id,
  role,
  ...user
}: {
  id: string;
  email: string;
  displayName: string;
  role: string;
  disabled: boolean;
  createdAt: Date;
}) {
  return {
    _id: id,
    ...user,
    admin: role === "ADMIN",
    role: role === "ADMIN" ? "admin" : role === "GUIDE" ? "guide" : "customer",
  } as const;
}

/** POST and PUT /api/users: the saved record. */
export function savedUserJson(saved: { id: string; email: string; displayName: string }): z.infer<typeof savedUserSchema> {
  return { _id: saved.id, email: saved.email, displayName: saved.displayName, acknowledged: true };
}
