// Door of app/accounts/ for the server: its operations.
// Accounts: sign-in, sessions, passwords, users and their access.
// Other modules and the routes import only the doors; the rest of the folder is private
// (docs/decisions/0012-module-layout.md).
export { findProfile, updateProfile } from "./account-store.server";
export { createOrResetAdministrator } from "./administrators.server";
export { AccountRefusal, changePassword, deleteOwnAccount } from "./account.server";
export { authFailure, getAuthenticator, isGoogleConfigured, passwordBusy, returnToCookie, verifyLogin } from "./auth.server";
export { accountsHousekeeping } from "./account-housekeeping.server";
export { isUsableResetToken, requestPasswordReset, resetPassword } from "./password-reset.server";
export { PasswordBusyError } from "./password.server";
export {
  consumeFlash,
  createApiToken,
  createUserSession,
  flashCookie,
  type FlashKey,
  getApiTokenUser,
  getCurrentSession,
  getUser,
  logout,
  requireAdmin,
  requireStaff,
  requireUser,
  revokeApiToken,
  sessionCookie,
  type SessionUser,
} from "./session.server";
export {
  changeUserAccess,
  changeUserRole,
  DELETED_EMAIL_DOMAIN,
  isActiveAdmin,
  listUsers,
  listUsersPage,
  promoteToAdmin,
  saveDisplayName,
  saveLanguage,
  systemAccountWith,
  userNames,
} from "./user-store.server";
