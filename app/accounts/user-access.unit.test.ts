import { describe, expect, it } from "vitest";
import { auditLine, decideAccessChange, decideRoleChange, type AccessAction } from "~/accounts/user-access";

type Account = { id: string; role: "ADMIN" | "GUIDE" | "CUSTOMER"; disabled: boolean };
const guide = (id: string): Account => ({ id, role: "GUIDE", disabled: false });
const admin = (id: string, disabled = false): Account => ({ id, role: "ADMIN", disabled });
const customer = (id: string, disabled = false): Account => ({ id, role: "CUSTOMER", disabled });

describe("decideAccessChange", () => {
  it("lets only an enabled administrator act", () => {
    expect(decideAccessChange({ action: "make-admin", actorId: "c", target: customer("x"), activeAdminIds: ["a"] })).toEqual({
      refused: "not-admin",
    });
  });

  it("refuses an unknown account", () => {
    expect(decideAccessChange({ action: "disable", actorId: "a", target: null, activeAdminIds: ["a"] })).toEqual({
      refused: "not-found",
    });
  });

  it("never revokes or disables the last enabled administrator", () => {
    expect(decideAccessChange({ action: "revoke-admin", actorId: "a", target: admin("a"), activeAdminIds: ["a"] })).toEqual({
      refused: "last-admin",
    });
    // A disabled administrator does not count, so the only enabled one stays.
    expect(decideAccessChange({ action: "revoke-admin", actorId: "a", target: admin("b", true), activeAdminIds: ["a"] })).toEqual(
      {
        change: { role: "CUSTOMER" },
        endSessions: false,
      },
    );
    expect(decideAccessChange({ action: "revoke-admin", actorId: "a", target: admin("b"), activeAdminIds: ["a", "b"] })).toEqual({
      change: { role: "CUSTOMER" },
      endSessions: false,
    });
    expect(decideAccessChange({ action: "revoke-admin", actorId: "a", target: admin("a"), activeAdminIds: ["a", "b"] })).toEqual({
      change: { role: "CUSTOMER" },
      endSessions: false,
    });
  });

  it("refuses disabling oneself; disabling another ends their sessions", () => {
    expect(decideAccessChange({ action: "disable", actorId: "a", target: admin("a"), activeAdminIds: ["a", "b"] })).toEqual({
      refused: "self",
    });
    expect(decideAccessChange({ action: "disable", actorId: "a", target: customer("c"), activeAdminIds: ["a"] })).toEqual({
      change: { disabled: true },
      endSessions: true,
    });
  });

  it("changes nothing when the account already is so", () => {
    const cases: [AccessAction, Account][] = [
      ["make-admin", admin("b")],
      ["revoke-admin", customer("c")],
      ["disable", customer("c", true)],
      ["enable", customer("c")],
    ];
    for (const [action, target] of cases) {
      expect(decideAccessChange({ action, actorId: "a", target, activeAdminIds: ["a", "b"] }), action).toEqual({
        unchanged: true,
      });
    }
  });

  it("makes an admin and re-enables", () => {
    expect(decideAccessChange({ action: "make-admin", actorId: "a", target: customer("c"), activeAdminIds: ["a"] })).toEqual({
      change: { role: "ADMIN" },
      endSessions: false,
    });
    expect(decideAccessChange({ action: "enable", actorId: "a", target: admin("b", true), activeAdminIds: ["a"] })).toEqual({
      change: { disabled: false },
      endSessions: false,
    });
  });
});

describe("guides", () => {
  it("makes a customer a guide and takes the role back", () => {
    expect(decideAccessChange({ action: "make-guide", actorId: "a", target: customer("c"), activeAdminIds: ["a"] })).toEqual({
      change: { role: "GUIDE" },
      endSessions: false,
    });
    expect(decideAccessChange({ action: "revoke-guide", actorId: "a", target: guide("g"), activeAdminIds: ["a"] })).toEqual({
      change: { role: "CUSTOMER" },
      endSessions: false,
    });
    expect(decideAccessChange({ action: "make-guide", actorId: "a", target: guide("g"), activeAdminIds: ["a"] })).toEqual({
      unchanged: true,
    });
    expect(decideAccessChange({ action: "revoke-guide", actorId: "a", target: admin("b"), activeAdminIds: ["a", "b"] })).toEqual({
      unchanged: true,
    });
  });

  it("a guide cannot change accounts; the last administrator is never made a guide", () => {
    expect(decideAccessChange({ action: "make-admin", actorId: "g", target: guide("g"), activeAdminIds: ["a"] })).toEqual({
      refused: "not-admin",
    });
    expect(decideAccessChange({ action: "make-guide", actorId: "a", target: admin("a"), activeAdminIds: ["a"] })).toEqual({
      refused: "last-admin",
    });
  });

  it("decideRoleChange: the API's role, audited as the page's steps", () => {
    const args = { actorId: "a", activeAdminIds: ["a", "b"] };
    expect(decideRoleChange({ ...args, role: "GUIDE", target: customer("c") })).toEqual({ role: "GUIDE", audit: ["MAKE_GUIDE"] });
    expect(decideRoleChange({ ...args, role: "GUIDE", target: admin("b") })).toEqual({
      role: "GUIDE",
      audit: ["REVOKE_ADMIN", "MAKE_GUIDE"],
    });
    expect(decideRoleChange({ ...args, role: "ADMIN", target: guide("g") })).toEqual({
      role: "ADMIN",
      audit: ["REVOKE_GUIDE", "MAKE_ADMIN"],
    });
    expect(decideRoleChange({ ...args, role: "CUSTOMER", target: guide("g") })).toEqual({
      role: "CUSTOMER",
      audit: ["REVOKE_GUIDE"],
    });
    expect(decideRoleChange({ ...args, role: "GUIDE", target: guide("g") })).toEqual({ unchanged: true });
    expect(decideRoleChange({ ...args, role: "CUSTOMER", target: null })).toEqual({ refused: "not-found" });
    expect(decideRoleChange({ actorId: "a", activeAdminIds: ["a"], role: "GUIDE", target: admin("a") })).toEqual({
      refused: "last-admin",
    });
    expect(decideRoleChange({ actorId: "g", activeAdminIds: ["a"], role: "ADMIN", target: guide("g") })).toEqual({
      refused: "not-admin",
    });
  });
});

describe("auditLine", () => {
  it("says what, who and the day (in Dhaka)", () => {
    expect(auditLine({ action: "DISABLE", actorName: "Ann Admin", createdAt: new Date("2026-11-23T17:59:00Z") })).toBe(
      "Disabled by Ann Admin, 23 Nov 2026",
    );
    expect(auditLine({ action: "DISABLE", actorName: "Ann Admin", createdAt: new Date("2026-11-23T23:59:00Z") })).toBe(
      "Disabled by Ann Admin, 24 Nov 2026",
    );
    expect(auditLine({ action: "MAKE_ADMIN", actorName: "Bo", createdAt: "2026-01-02T00:00:00Z" })).toBe(
      "Made admin by Bo, 2 Jan 2026",
    );
    expect(auditLine({ action: "MAKE_GUIDE", actorName: "Bo", createdAt: "2026-01-02T00:00:00Z" })).toBe(
      "Made guide by Bo, 2 Jan 2026",
    );
  });
});
