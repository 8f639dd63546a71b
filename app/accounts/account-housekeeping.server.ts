// What accounts leave behind for housekeeping (app/platform/housekeeping.server.ts): sessions and
// API tokens past their expiry, and reset links used or expired. Neither can be used again.
import { deleteSpentPasswordResets } from "~/accounts/account-store.server";
import { deleteExpiredSessions } from "~/accounts/session-store.server";

export const accountsHousekeeping = {
  expiredSessions: deleteExpiredSessions,
  spentResetLinks: deleteSpentPasswordResets,
};
