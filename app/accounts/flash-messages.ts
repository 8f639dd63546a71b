// One-time messages shown at the top of the next page (the flash cookie holds only the key), and
// the refusal a non-administrator gets from an admin page's form.
export type FlashKey =
  | "login"
  | "register"
  | "logout"
  | "order-placed"
  | "google-cancelled"
  | "google-failed"
  | "account-disabled"
  | "password-reset"
  | "password-changed"
  | "account-deleted"
  | "review-reported"
  | "review-report-missing"
  | "review-report-limited";

export const FLASH_MESSAGES: Record<FlashKey, { tone: "success" | "error"; text: string }> = {
  login: { tone: "success", text: "User Login successfully" },
  register: { tone: "success", text: "User Created successfully" },
  logout: { tone: "success", text: "You are logged out." },
  "order-placed": { tone: "success", text: "Order successfully " },
  "google-cancelled": { tone: "error", text: "Google sign-in was cancelled. Please try again or log in with your email." },
  "google-failed": { tone: "error", text: "Google sign-in could not be completed. Please try again." },
  "account-disabled": { tone: "error", text: "This account has been disabled. Please contact us." },
  "password-reset": { tone: "success", text: "Your password has been changed. You are logged in." },
  "password-changed": { tone: "success", text: "Your password has been changed. Your other sessions have ended." },
  "account-deleted": { tone: "success", text: "Your account has been deleted." },
  "review-reported": { tone: "success", text: "Thank you: the review was reported to our team." },
  "review-report-missing": { tone: "error", text: "This review could not be reported: it no longer exists." },
  "review-report-limited": { tone: "error", text: "You have reported many reviews in a short time. Please try again later." },
};

export const ADMINS_ONLY = "Forbidden: administrators only.";
export const STAFF_ONLY = "Forbidden: guides and administrators only.";
