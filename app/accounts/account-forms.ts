// The account self-service forms (forgot and reset password, profile, password change, account
// deletion): one zod schema each, used by the browser and the actions.
import { z } from "zod";
import { PASSWORD_MISMATCH } from "~/accounts/auth-forms";
import { isAllowedAvatarUrl } from "~/accounts/avatars";
import { email as emailField, EMAIL_MESSAGES, imageUrl, newPassword, optional, password, requiredText } from "~/platform/fields";
import { invalidMobileMessage, toMsisdn } from "~/platform/phones";

export const RESET_LINK_SENT = "If an account exists for that email, we have sent a link to reset its password.";
export const RESET_LINK_INVALID = "This link is invalid or has expired. Please ask for a new one.";

export const forgotPasswordSchema = z.object({ email: emailField(EMAIL_MESSAGES, { lowerCase: true }) });

/** A new password typed twice (the register form's rules and messages). */
function withConfirmation<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({ ...shape, password: newPassword, confirmPassword: z.string({ required_error: PASSWORD_MISMATCH }) })
    .refine((value) => value.password === value.confirmPassword, { message: PASSWORD_MISMATCH, path: ["confirmPassword"] });
}

export const resetPasswordSchema = withConfirmation({});

export const changePasswordSchema = withConfirmation({ currentPassword: password });

export const profileSchema = z.object({
  displayName: requiredText({
    max: 80,
    missing: "Please enter your name.",
    tooLong: "Please use at most 80 characters for your name.",
  }),
  // An uploaded photo (photoFile) is stored on this site and comes to the schema as its photoUrl
  // (app/catalogue/photo-upload.server.ts); a typed URL may not point at another site but Google's photos.
  photoUrl: optional(
    imageUrl.pipe(
      z
        .string()
        .refine(
          isAllowedAvatarUrl,
          "The photo must be uploaded, be a path on this site (like /images/…) or be your Google profile photo.",
        ),
    ),
  ),
  photoFile: z.instanceof(File).optional(),
  // Kept as typed (a guide's number is shown with their departures, the person's own writing on
  // their profile); a Bangladeshi mobile number (app/platform/phones.ts): SMS and WhatsApp go to it.
  phone: optional(
    z
      .string()
      .trim()
      .max(20, "Please use at most 20 characters for your phone number.")
      .refine((typed) => toMsisdn(typed) !== null, invalidMobileMessage("your phone")),
  ),
  // A checkbox: only the messages the person's bookings need (issue 40; app/messages/message-kinds.server.ts).
  messagesOptOut: z.boolean().default(false),
});

/** The profile form's file field, and the URL field its stored photo fills. */
export const PROFILE_PHOTO_FIELDS = { file: "photoFile", url: "photoUrl" };

export const DELETE_WORD = "DELETE";

export const deleteAccountSchema = z.object({
  confirm: z
    .string({ required_error: `Please type ${DELETE_WORD} or your password to confirm.` })
    .max(200, "This password is too long."),
});
