// Account self-service through the route modules, on real rows: password-reset links (single use,
// one hour, the same answer for any email, rate limits), the profile page (name and photo,
// password change, account deletion with paid orders kept anonymised, the last administrator).
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyLogin } from "~/accounts/auth.server";
import { createApiToken, getApiTokenUser, getUser } from "~/accounts/session.server";
import { db } from "~/platform/db.server";
import * as profilePage from "~/routes/dashboard.profile";
import * as forgot from "~/routes/forgot-password";
import * as reset from "~/routes/reset-password.($token)";
import { authedGet, authedPost, cookieFrom, createUser, signIn, uniqueEmail } from "../support/auth";
import { placeTestOrder } from "../support/orders";
import { callRoute, formRequest, getRequest, type RouteArgs } from "../support/requests";

// Read once, at the first env() call of this file's process.
Object.assign(process.env, { RATE_LIMIT_RESET_MAX: "2", RATE_LIMIT_RESET_ACCOUNT_MAX: "4", RATE_LIMIT_FORM_MAX: "3" });

beforeAll(async () => {
  await db();
});

let addressCounter = 0;
/** A fresh client address per call unless one is given: only the limit under test is reached. */
function nextAddress() {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

async function call(
  handler: (args: RouteArgs) => unknown,
  request: Request,
  params: Record<string, string> = {},
  address = nextAddress(),
) {
  return callRoute((args) => handler({ ...args, context: { clientAddress: address } }), request, params);
}

async function askReset(email: string, address?: string) {
  return call(forgot.action, formRequest("/forgot-password", { email }), {}, address);
}

async function outboxTo(email: string) {
  const prisma = await db();
  return prisma.outboxEmail.findMany({ where: { to: email }, orderBy: { createdAt: "asc" } });
}

/** The token of the newest reset link sent to the email. */
async function resetToken(email: string): Promise<string> {
  const emails = await outboxTo(email);
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(emails.at(-1)?.text ?? "");
  if (!match) throw new Error(`no reset link sent to ${email}`);
  return match[1];
}

function setPassword(token: string, password: string, confirmPassword = password, cookie?: string) {
  return call(
    reset.action,
    formRequest(`/reset-password/${token}`, { password, confirmPassword }, cookie ? { headers: { Cookie: cookie } } : {}),
    { token },
  );
}

async function canLogin(email: string, password: string) {
  return verifyLogin(email, password, nextAddress()).then(
    () => true,
    () => false,
  );
}

describe("forgot password", () => {
  it("sends one link (only its SHA-256 stored) to an account, and the same answer for an unknown email", async () => {
    const user = await createUser();
    const known = await askReset(user.email.toUpperCase());
    const unknownEmail = uniqueEmail("nobody");
    const unknown = await askReset(unknownEmail);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.data).toEqual(known.data);
    expect(known.data.sent).toBe(true);
    expect(await outboxTo(unknownEmail)).toHaveLength(0);

    const emails = await outboxTo(user.email);
    expect(emails).toHaveLength(1);
    expect(emails[0].text).toContain("http://localhost:3000/reset-password/");
    const token = await resetToken(user.email);
    const prisma = await db();
    const rows = await prisma.passwordReset.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);
    const hourFromNow = Date.now() + 60 * 60 * 1000;
    expect(Math.abs(rows[0].expiresAt.getTime() - hourFromNow)).toBeLessThan(60_000);
  });

  it("refuses a malformed email and sends nothing to a disabled account", async () => {
    const bad = await askReset("not-an-email");
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.email).toEqual(["Please enter a valid email address."]);
    const disabled = await createUser({ disabled: true });
    const answer = await askReset(disabled.email);
    expect(answer.data.sent).toBe(true);
    expect(await outboxTo(disabled.email)).toHaveLength(0);
  });

  it("limits the links per email and address, per email from any address (looser) and per address", async () => {
    const user = await createUser();
    const address = nextAddress();
    expect((await askReset(user.email, address)).status).toBe(200);
    expect((await askReset(user.email, address)).status).toBe(200);
    const third = await askReset(user.email, address);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(third.data.result.error[""]).toEqual(["Too many password reset links were requested. Please try again later."]);
    expect(await outboxTo(user.email)).toHaveLength(2);
    // From other addresses: up to 4 an hour for the email, whatever the address.
    expect((await askReset(user.email)).status).toBe(200);
    expect((await askReset(user.email)).status).toBe(200);
    expect((await askReset(user.email)).status).toBe(429);
    expect(await outboxTo(user.email)).toHaveLength(4);
    // An unknown email is limited alike: the answers tell nothing.
    const unknownEmail = uniqueEmail("nobody");
    const unknownFrom = nextAddress();
    await askReset(unknownEmail, unknownFrom);
    await askReset(unknownEmail, unknownFrom);
    expect((await askReset(unknownEmail, unknownFrom)).status).toBe(429);

    const busy = nextAddress();
    for (let i = 0; i < 3; i += 1) expect((await askReset(uniqueEmail(), busy)).status).toBe(200);
    const other = await createUser();
    expect((await askReset(other.email, busy)).status).toBe(429);
    expect(await outboxTo(other.email)).toHaveLength(0);
  });

  it("does not let someone else's requests from one address use up the owner's links", async () => {
    const owner = await createUser();
    const attacker = nextAddress();
    for (let i = 0; i < 10; i += 1) await askReset(owner.email, attacker);
    const answer = await askReset(owner.email, nextAddress());
    expect(answer.status).toBe(200);
    expect(await outboxTo(owner.email)).toHaveLength(3);
  });
});

describe("outstanding reset links", () => {
  it("end when a newer link is issued", async () => {
    const user = await createUser();
    await askReset(user.email);
    const older = await resetToken(user.email);
    await askReset(user.email);
    const newer = await resetToken(user.email);
    expect((await setPassword(older, "older link password")).status).toBe(410);
    expect(await canLogin(user.email, "older link password")).toBe(false);
    expect((await setPassword(newer, "newer link password")).status).toBe(302);
  });

  it("end when the owner signs in with the password", async () => {
    const user = await createUser();
    await askReset(user.email);
    const token = await resetToken(user.email);
    expect(await canLogin(user.email, user.password)).toBe(true);
    expect((await setPassword(token, "attacker password")).status).toBe(410);
    expect(await canLogin(user.email, user.password)).toBe(true);
  });

  it("end when the password is changed on the profile page", async () => {
    const user = await createUser();
    await askReset(user.email);
    const token = await resetToken(user.email);
    const cookie = await signIn(user.id);
    const changed = await profilePost(
      { intent: "password", currentPassword: user.password, password: "a new password", confirmPassword: "a new password" },
      cookie,
    );
    expect(changed.status).toBe(302);
    expect((await setPassword(token, "attacker password")).status).toBe(410);
    expect(await canLogin(user.email, "a new password")).toBe(true);
  });

  it("end when another link is used", async () => {
    const user = await createUser();
    await askReset(user.email);
    const used = await resetToken(user.email);
    // An outstanding link issued some other way (before this change, or by a concurrent request).
    const other = "o".repeat(43);
    const prisma = await db();
    await prisma.passwordReset.create({
      data: {
        tokenHash: createHash("sha256").update(other).digest("hex"),
        userId: user.id,
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      },
    });
    expect((await setPassword(used, "a new password")).status).toBe(302);
    expect((await setPassword(other, "attacker password")).status).toBe(410);
    expect(await canLogin(user.email, "a new password")).toBe(true);
  });
});

describe("reset password", () => {
  it("sets the password once, ends every other session and API token, and signs the user in", async () => {
    const user = await createUser();
    const oldCookie = await signIn(user.id);
    const { token: apiToken } = await createApiToken(user.id);
    await askReset(user.email);
    const token = await resetToken(user.email);

    const page = await call(reset.loader, getRequest(`/reset-password/${token}`), { token });
    expect(page.status).toBe(200);
    expect(page.data.usable).toBe(true);

    const mismatch = await setPassword(token, "a new password", "another one");
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.result.error.confirmPassword).toEqual(["login password didn't match"]);
    const short = await setPassword(token, "short");
    expect(short.data.result.error.password).toEqual(["Please use at least 8 characters for your password."]);

    const done = await setPassword(token, "a new password", "a new password", oldCookie);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/dashboard");
    const newCookie = cookieFrom(new Response(null, { headers: done.headers }));
    expect((await getUser(getRequest("/", { headers: { Cookie: newCookie } })))?.id).toBe(user.id);
    expect(await getUser(getRequest("/", { headers: { Cookie: oldCookie } }))).toBeNull();
    expect(await getApiTokenUser(apiToken)).toBeNull();
    expect(await canLogin(user.email, "a new password")).toBe(true);
    expect(await canLogin(user.email, user.password)).toBe(false);

    // Single use: the same link again changes nothing.
    const again = await setPassword(token, "a third password");
    expect(again.status).toBe(410);
    expect(again.data.result.error[""]).toEqual(["This link is invalid or has expired. Please ask for a new one."]);
    expect(await canLogin(user.email, "a third password")).toBe(false);
    const usedPage = await call(reset.loader, getRequest(`/reset-password/${token}`), { token });
    expect(usedPage.status).toBe(410);
  });

  it("two resets racing with one link: exactly one wins", async () => {
    const user = await createUser();
    await askReset(user.email);
    const token = await resetToken(user.email);
    const answers = await Promise.all([setPassword(token, "first password"), setPassword(token, "second password")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 410]);
    const winner = answers[0].status === 302 ? "first password" : "second password";
    expect(await canLogin(user.email, winner)).toBe(true);
  });

  it("refuses an expired link and an unknown one, and takes ?token=", async () => {
    const user = await createUser();
    await askReset(user.email);
    const token = await resetToken(user.email);
    const prisma = await db();
    await prisma.passwordReset.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(reset.loader, getRequest(`/reset-password?token=${token}`))).status).toBe(410);
    expect((await setPassword(token, "a new password")).status).toBe(410);
    expect(await canLogin(user.email, user.password)).toBe(true);
    expect((await setPassword("x".repeat(43), "a new password")).status).toBe(410);

    await askReset(user.email);
    const fresh = await resetToken(user.email);
    const viaQuery = await call(
      reset.action,
      formRequest(`/reset-password?token=${fresh}`, { password: "query password", confirmPassword: "query password" }),
    );
    expect(viaQuery.status).toBe(302);
    expect(await canLogin(user.email, "query password")).toBe(true);
  });

  it("lets a Google-only account (no password) choose one", async () => {
    const prisma = await db();
    const email = uniqueEmail("google");
    const user = await prisma.user.create({ data: { email, displayName: "G", googleId: `g-${email}` } });
    await askReset(email);
    const token = await resetToken(email);
    expect((await setPassword(token, "google then password")).status).toBe(302);
    expect(await canLogin(email, "google then password")).toBe(true);
    expect(await prisma.password.count({ where: { userId: user.id } })).toBe(1);
  });
});

function profilePost(fields: Record<string, string>, cookie: string | null) {
  return call(profilePage.action, authedPost("/dashboard/profile", fields, cookie));
}

describe("profile", () => {
  it("refuses anonymous visitors: the page and every form go to /login and nothing changes", async () => {
    const page = await call(profilePage.loader, authedGet("/dashboard/profile", null));
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/login\?redirectTo=/);
    for (const fields of <Record<string, string>[]>[
      { intent: "profile", displayName: "Intruder" },
      { intent: "password", currentPassword: "x", password: "a new password", confirmPassword: "a new password" },
      { intent: "delete", confirm: "DELETE" },
    ]) {
      const answer = await profilePost(fields, null);
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(/^\/login/);
    }
    const stale = await profilePost({ intent: "delete", confirm: "DELETE" }, "__session=forged");
    expect(stale.status).toBe(302);
  });

  it("changes the display name and photo, and refuses a bad photo URL", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const page = await call(profilePage.loader, authedGet("/dashboard/profile", cookie));
    expect(page.data).toMatchObject({ email: user.email, displayName: "Test User", photoUrl: "", hasPassword: true });

    const saved = await profilePost({ intent: "profile", displayName: "  New Name ", photoUrl: "/images/me.png" }, cookie);
    expect(saved.status).toBe(200);
    expect(saved.data.saved).toBe(true);
    const prisma = await db();
    expect(await prisma.user.findUnique({ where: { id: user.id }, select: { displayName: true, photoUrl: true } })).toEqual({
      displayName: "New Name",
      photoUrl: "/images/me.png",
    });

    const bad = await profilePost({ intent: "profile", displayName: "Other", photoUrl: "javascript:alert(1)" }, cookie);
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.photoUrl).toEqual([
      "The image must be an http(s) URL or a path on this site, like /images/tours/x.svg.",
    ]);
    const blank = await profilePost({ intent: "profile", displayName: " ", photoUrl: "" }, cookie);
    expect(blank.data.result.error.displayName).toEqual(["Please enter your name."]);
    expect((await prisma.user.findUnique({ where: { id: user.id } }))?.displayName).toBe("New Name");

    const cleared = await profilePost({ intent: "profile", displayName: "New Name", photoUrl: "" }, cookie);
    expect(cleared.status).toBe(200);
    expect((await prisma.user.findUnique({ where: { id: user.id } }))?.photoUrl).toBeNull();
  });

  it("changes the password only with the current one, and ends every other session", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const otherCookie = await signIn(user.id);
    const { token } = await createApiToken(user.id);
    const wrong = await profilePost(
      { intent: "password", currentPassword: "not it", password: "a new password", confirmPassword: "a new password" },
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.currentPassword).toEqual(["Your current password is wrong."]);
    expect(await canLogin(user.email, user.password)).toBe(true);

    const done = await profilePost(
      { intent: "password", currentPassword: user.password, password: "a new password", confirmPassword: "a new password" },
      cookie,
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe("/dashboard/profile");
    const fresh = cookieFrom(new Response(null, { headers: done.headers }));
    expect((await getUser(getRequest("/", { headers: { Cookie: fresh } })))?.id).toBe(user.id);
    expect(await getUser(getRequest("/", { headers: { Cookie: otherCookie } }))).toBeNull();
    expect(await getUser(getRequest("/", { headers: { Cookie: cookie } }))).toBeNull();
    expect(await getApiTokenUser(token)).toBeNull();
    expect(await canLogin(user.email, "a new password")).toBe(true);
  });

  it("offers no password change to a Google-only account and refuses one", async () => {
    const prisma = await db();
    const email = uniqueEmail("google");
    const user = await prisma.user.create({ data: { email, displayName: "G", googleId: `g-${email}` } });
    const cookie = await signIn(user.id);
    const page = await call(profilePage.loader, authedGet("/dashboard/profile", cookie));
    expect(page.data.hasPassword).toBe(false);
    const refused = await profilePost(
      { intent: "password", currentPassword: "anything", password: "a new password", confirmPassword: "a new password" },
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(await prisma.password.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("account deletion", () => {
  it("needs DELETE or the password; deletes unpaid orders, keeps paid ones anonymised, ends sessions, frees the email", async () => {
    const user = await createUser();
    const cookie = await signIn(user.id);
    const { token } = await createApiToken(user.id);
    const unpaid = await placeTestOrder(user.id);
    const paid = await placeTestOrder(user.id);
    const prisma = await db();
    await prisma.order.update({ where: { id: paid.id }, data: { paymentStatus: "PAID" } });
    await prisma.payment.create({
      data: {
        orderId: paid.id,
        amountCents: paid.priceCents,
        currency: "usd",
        created: new Date(),
        last4: "4242",
        transaction: `pi_${paid.id}`,
      },
    });

    const unconfirmed = await profilePost({ intent: "delete", confirm: "delete me" }, cookie);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data.result.error.confirm).toEqual(["Please type DELETE or your password to confirm."]);
    expect(await prisma.order.count({ where: { userId: user.id } })).toBe(2);

    const deleted = await profilePost({ intent: "delete", confirm: user.password }, cookie);
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/");
    expect(await getUser(getRequest("/", { headers: { Cookie: cookie } }))).toBeNull();
    expect(await getApiTokenUser(token)).toBeNull();
    expect(await prisma.order.findUnique({ where: { id: unpaid.id } })).toBeNull();
    const kept = await prisma.order.findUniqueOrThrow({ where: { id: paid.id }, include: { payments: true } });
    expect(kept.priceCents).toBe(paid.priceCents);
    expect(kept.payments[0]?.last4).toBe("4242");
    const personal = JSON.stringify([
      kept.firstName,
      kept.lastName,
      kept.email,
      kept.mobileNumber,
      kept.streetAddress,
      kept.townName,
    ]);
    for (const value of [paid.firstName, paid.lastName, paid.email, paid.mobileNumber, paid.streetAddress, paid.townName]) {
      expect(personal).not.toContain(value);
    }
    expect(await prisma.user.findUnique({ where: { email: user.email } })).toBeNull();
    expect(await canLogin(user.email, user.password)).toBe(false);
    // The email can register again.
    const again = await createUser({ email: user.email });
    expect(again.id).not.toBe(user.id);
  });

  it("takes the word DELETE, also from a Google-only account", async () => {
    const prisma = await db();
    const email = uniqueEmail("google");
    const user = await prisma.user.create({ data: { email, displayName: "G", googleId: `g-${email}` } });
    const cookie = await signIn(user.id);
    expect((await profilePost({ intent: "delete", confirm: "DELETE" }, cookie)).status).toBe(302);
    expect(await prisma.user.findUnique({ where: { email } })).toBeNull();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).googleId).toBeNull();
  });

  it("refuses to delete the last administrator", async () => {
    const prisma = await db();
    const first = await createUser({ role: "ADMIN" });
    const second = await createUser({ role: "ADMIN" });
    await onlyAdmins([first.id, second.id], async () => {
      const firstCookie = await signIn(first.id);
      const secondCookie = await signIn(second.id);
      expect((await profilePost({ intent: "delete", confirm: "DELETE" }, firstCookie)).status).toBe(302);
      const refused = await profilePost({ intent: "delete", confirm: "DELETE" }, secondCookie);
      expect(refused.status).toBe(409);
      expect(refused.data.result.error[""]).toEqual([
        "You are the only administrator: make someone else an administrator before deleting your account.",
      ]);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: second.id } })).email).toBe(second.email);
      expect((await getUser(getRequest("/", { headers: { Cookie: secondCookie } })))?.isAdmin).toBe(true);
    });
  });

  it("two last administrators deleting themselves at once: one stays", async () => {
    const prisma = await db();
    const first = await createUser({ role: "ADMIN" });
    const second = await createUser({ role: "ADMIN" });
    await onlyAdmins([first.id, second.id], async () => {
      const cookies = await Promise.all([signIn(first.id), signIn(second.id)]);
      const answers = await Promise.all(cookies.map((cookie) => profilePost({ intent: "delete", confirm: "DELETE" }, cookie)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
      expect(await prisma.user.count({ where: { role: "ADMIN", disabled: false } })).toBe(1);
    });
  });
});

/** Runs the check with these users as the only administrators, then gives the others their role back. */
async function onlyAdmins(ids: string[], check: () => Promise<void>) {
  const prisma = await db();
  const others = await prisma.user.findMany({ where: { role: "ADMIN", id: { notIn: ids } }, select: { id: true } });
  const otherIds = others.map((other) => other.id);
  await prisma.user.updateMany({ where: { id: { in: otherIds } }, data: { role: "CUSTOMER" } });
  try {
    await check();
  } finally {
    await prisma.user.updateMany({ where: { id: { in: otherIds } }, data: { role: "ADMIN" } });
  }
}
