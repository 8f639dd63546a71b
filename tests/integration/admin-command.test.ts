// The operator's command that creates or resets an administrator (scripts/admin.mjs, npm run admin;
// issue 35 item 1): the start-up makes only the first administrator, so this is the way back in.
import { describe, expect, it } from "vitest";
import { createOrResetAdministrator, verifyLogin } from "~/accounts/index.server";
import { db } from "~/platform/db.server";
import { createUser, signIn, uniqueEmail } from "../support/auth";

describe("npm run admin", () => {
  it("creates an administrator who signs in with the password given", async () => {
    const email = uniqueEmail("new-admin");
    expect(await createOrResetAdministrator({ email: email.toUpperCase(), password: "a long password 1" })).toEqual({
      email,
      created: true,
      generatedPassword: null,
    });
    const prisma = await db();
    const user = await prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.role).toBe("ADMIN");
    expect((await verifyLogin(email, "a long password 1", null)).id).toBe(user.id);
  });

  it("makes an existing (demoted, disabled) account an administrator with a new password, ending its sessions", async () => {
    const user = await createUser({ password: "old password", disabled: true });
    await signIn(user.id);
    const result = await createOrResetAdministrator({ email: user.email });
    expect(result).toMatchObject({ email: user.email, created: false });
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const prisma = await db();
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ role: "ADMIN", disabled: false });
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await verifyLogin(user.email, result.generatedPassword!, null)).id).toBe(user.id);
    await expect(verifyLogin(user.email, "old password", null)).rejects.toMatchObject({ code: "wrong-password" });
  });

  it("refuses, naming the option and changing nothing: no address, a short or the demo password, a reserved or system address", async () => {
    const prisma = await db();
    const before = await prisma.user.count({ where: { role: "ADMIN" } });
    const email = uniqueEmail("refused");
    await expect(createOrResetAdministrator({ password: "a long password 1" })).rejects.toThrow(/--email: required/);
    await expect(createOrResetAdministrator({ email: "nope", password: "a long password 1" })).rejects.toThrow(
      /--email: not an email/,
    );
    await expect(createOrResetAdministrator({ email, password: "short pass" })).rejects.toThrow(
      /--password: must be at least 12/,
    );
    await expect(createOrResetAdministrator({ email, password: "admin12345" })).rejects.toThrow(/--password/);
    await expect(createOrResetAdministrator({ email: "reseller-x@resellers.invalid" })).rejects.toThrow(
      /--email: a reserved address/,
    );
    const system = await prisma.user.create({
      data: { email: uniqueEmail("system"), displayName: "Reseller", systemAccount: true },
    });
    await expect(createOrResetAdministrator({ email: system.email })).rejects.toThrow(/--email: a system account/);
    expect(await prisma.user.count({ where: { role: "ADMIN" } })).toBe(before);
    expect(await prisma.user.count({ where: { email } })).toBe(0);
  });
});
