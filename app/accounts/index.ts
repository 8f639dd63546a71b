// Door of app/accounts/ for the browser and the server: its schemas, rules and labels.
// Accounts: sign-in, sessions, passwords, users and their access.
// Other modules and the routes import only the doors; the rest of the folder is private
// (docs/decisions/0012-module-layout.md).
export {
  changePasswordSchema,
  DELETE_WORD,
  deleteAccountSchema,
  forgotPasswordSchema,
  PROFILE_PHOTO_FIELDS,
  profileSchema,
  RESET_LINK_INVALID,
  RESET_LINK_SENT,
  resetPasswordSchema,
} from "./account-forms";
export { loginSchema, makeAdminSchema, PASSWORD_MISMATCH, registerSchema } from "./auth-forms";
export { safeRedirect } from "./auth-redirect";
export { avatarSrc } from "./avatars";
export { resellerAccountEmail } from "./system-accounts";
export { ACCESS_MESSAGES, type AccessAction, accessChangeSchema, type AccessRefusal, auditLine, ROLE_NAMES } from "./user-access";
export {
  adminFlagSchema,
  makeAdminInputSchema,
  savedUserJson,
  savedUserSchema,
  tokenRequestSchema,
  tokenSchema,
  userInputSchema,
  userJson,
  userRoleInputSchema,
  userRoleSchema,
  userSchema,
} from "./account-api";
