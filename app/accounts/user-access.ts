// What an administrator may change on an account from the users page (app/routes/dashboard.users.tsx):
// make or revoke an administrator or a guide, disable or re-enable. The rule runs inside the transaction that
// holds the enabled administrators' rows (app/accounts/user-store.server.ts), so it sees who is an admin now.
import { z } from "zod";
import { formatDate } from "~/platform/dates";
import { recordId } from "~/platform/fields";

const ACCESS_ACTIONS = ["make-admin", "revoke-admin", "make-guide", "revoke-guide", "disable", "enable"] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** The users page's row forms: which account and what to do. */
export const accessChangeSchema = z.object({
  id: recordId("Please choose an account.", "This account does not exist."),
  intent: z.enum(ACCESS_ACTIONS, { errorMap: () => ({ message: "Unknown request: nothing was changed." }) }),
});

export type AccessRefusal = "not-admin" | "last-admin" | "self" | "not-found";

export type AccessDecision =
  { refused: AccessRefusal } | { unchanged: true } | { change: { role?: AccountRole; disabled?: boolean }; endSessions: boolean };

export type AccountRole = "ADMIN" | "GUIDE" | "CUSTOMER";

/**
 * The rule: only an enabled administrator acts; nobody disables themselves; the last enabled
 * administrator is never revoked or disabled; a change to the state the account already has
 * changes nothing.
 */
export function decideAccessChange({
  action,
  actorId,
  target,
  activeAdminIds,
}: {
  action: AccessAction;
  actorId: string;
  target: { id: string; role: AccountRole; disabled: boolean } | null;
  activeAdminIds: readonly string[];
}): AccessDecision {
  if (!activeAdminIds.includes(actorId)) return { refused: "not-admin" };
  if (!target) return { refused: "not-found" };
  const lastAdmin = activeAdminIds.length === 1 && activeAdminIds[0] === target.id;
  switch (action) {
    case "make-admin":
      return target.role === "ADMIN" ? { unchanged: true } : { change: { role: "ADMIN" }, endSessions: false };
    case "revoke-admin":
      if (target.role !== "ADMIN") return { unchanged: true };
      return lastAdmin ? { refused: "last-admin" } : { change: { role: "CUSTOMER" }, endSessions: false };
    // A guide sees departures, manifests and check-in only; an administrator made a guide loses the rest.
    case "make-guide":
      if (target.role === "GUIDE") return { unchanged: true };
      return lastAdmin ? { refused: "last-admin" } : { change: { role: "GUIDE" }, endSessions: false };
    case "revoke-guide":
      return target.role === "GUIDE" ? { change: { role: "CUSTOMER" }, endSessions: false } : { unchanged: true };
    case "disable":
      if (target.id === actorId) return { refused: "self" };
      if (target.disabled) return { unchanged: true };
      return lastAdmin ? { refused: "last-admin" } : { change: { disabled: true }, endSessions: true };
    case "enable":
      return target.disabled ? { change: { disabled: false }, endSessions: false } : { unchanged: true };
  }
}

export const ACCESS_MESSAGES: Record<AccessRefusal | "unchanged" | AccessAction, string> = {
  "make-admin": "The account is now an administrator's.",
  "revoke-admin": "The account is no longer an administrator's.",
  "make-guide": "The account is now a guide's: departures, manifests and check-in.",
  "revoke-guide": "The account is no longer a guide's.",
  disable: "The account is disabled and signed out everywhere.",
  enable: "The account is enabled again.",
  unchanged: "Nothing to change: the account already is so.",
  "not-admin": "Only an administrator can change accounts.",
  "last-admin": "The last administrator cannot be removed or disabled. Make another administrator first.",
  self: "You cannot disable your own account.",
  "not-found": "This account does not exist.",
};

/** The audit log's actions (UserAuditEntry.action) and how a row tells them. */
export type AuditAction = "MAKE_ADMIN" | "REVOKE_ADMIN" | "DISABLE" | "ENABLE" | "MAKE_GUIDE" | "REVOKE_GUIDE";

export const AUDIT_ACTION: Record<AccessAction, AuditAction> = {
  "make-admin": "MAKE_ADMIN",
  "revoke-admin": "REVOKE_ADMIN",
  "make-guide": "MAKE_GUIDE",
  "revoke-guide": "REVOKE_GUIDE",
  disable: "DISABLE",
  enable: "ENABLE",
};

const AUDIT_VERB: Record<AuditAction, string> = {
  MAKE_ADMIN: "Made admin",
  REVOKE_ADMIN: "Admin rights revoked",
  DISABLE: "Disabled",
  ENABLE: "Re-enabled",
  MAKE_GUIDE: "Made guide",
  REVOKE_GUIDE: "Guide role removed",
};

/** The API's names of the roles (PUT /api/users/role). */
export const ROLE_NAMES = { customer: "CUSTOMER", guide: "GUIDE", admin: "ADMIN" } as const satisfies Record<string, AccountRole>;

/**
 * PUT /api/users/role: the role an administrator gives an account, as the audit log's entries of
 * the same changes on the users page (an administrator made a guide: admin rights revoked, made
 * guide). The same rules: only an enabled administrator, never the last one taken away.
 */
export function decideRoleChange({
  role,
  actorId,
  target,
  activeAdminIds,
}: {
  role: AccountRole;
  actorId: string;
  target: { id: string; role: AccountRole; disabled: boolean } | null;
  activeAdminIds: readonly string[];
}): { refused: AccessRefusal } | { unchanged: true } | { role: AccountRole; audit: AuditAction[] } {
  if (!activeAdminIds.includes(actorId)) return { refused: "not-admin" };
  if (!target) return { refused: "not-found" };
  if (target.role === role) return { unchanged: true };
  if (target.role === "ADMIN" && activeAdminIds.length === 1 && activeAdminIds[0] === target.id) return { refused: "last-admin" };
  const audit: AuditAction[] = [];
  if (target.role === "ADMIN") audit.push("REVOKE_ADMIN");
  if (target.role === "GUIDE") audit.push("REVOKE_GUIDE");
  if (role === "ADMIN") audit.push("MAKE_ADMIN");
  if (role === "GUIDE") audit.push("MAKE_GUIDE");
  return { role, audit };
}

/** "Disabled by Ann Admin, 23 Nov 2026" (the day in Dhaka). */
export function auditLine(entry: { action: AuditAction; actorName: string; createdAt: Date | string }): string {
  return `${AUDIT_VERB[entry.action]} by ${entry.actorName}, ${formatDate(entry.createdAt)}`;
}
