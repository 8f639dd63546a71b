// Resellers' accounts (issue 35, item 13): the account that holds a reseller's bookings is a system
// account. It never signs in (password, API token or Google), never gets a reset link, its reserved
// address cannot be registered, and an ordinary account holding that address is never adopted.
process.env.GOOGLE_CLIENT_ID = "fake-client-id.apps.googleusercontent.com";
process.env.GOOGLE_CLIENT_SECRET = "fake-client-secret";

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/accounts/auth.server";
import { requestPasswordReset, verifyLogin } from "~/accounts/index.server";
import { placeChannelHold } from "~/booking/index.server";
import { DEFAULT_CATEGORY_ID } from "~/catalogue";
import { resellerAccount as accountOfReseller } from "~/distribution/index.server";
import { db } from "~/platform/db.server";
import { action as startGoogle } from "~/routes/auth.google";
import { loader as googleCallback } from "~/routes/auth.google.callback";
import { action as registerAction } from "~/routes/register";
import { createUser } from "../support/auth";
import { createDeparture, createPackage, inDays } from "../support/bookings";
import { createGoogleFake } from "../support/google-fake";
import { callRoute, formRequest, getRequest, routeArgs, unwrap } from "../support/requests";
import { createTestReseller } from "../support/resellers";

const google = createGoogleFake({ clientId: process.env.GOOGLE_CLIENT_ID!, clientSecret: process.env.GOOGLE_CLIENT_SECRET! });
beforeAll(() => google.server.listen({ onUnhandledRequest: "error" }));
afterAll(() => google.server.close());

/** The reseller's first booking (one adult): returns the account that holds it. */
async function firstBooking(reseller: { id: string }) {
  const tourPackage = await createPackage();
  const departure = await createDeparture(tourPackage.id, inDays(30));
  const held = await placeChannelHold({
    resellerId: reseller.id,
    externalId: randomUUID(),
    resellerReference: null,
    notes: null,
    packageId: tourPackage.id,
    departureId: departure.id,
    items: [{ categoryId: DEFAULT_CATEGORY_ID, itemId: randomUUID(), reference: null }],
    holdLimits: { perDeparture: 20, perAccount: 100 },
    account: () => accountOfReseller(reseller.id),
  });
  if (!held.ok) throw new Error(`no hold: ${JSON.stringify(held)}`);
  const prisma = await db();
  const order = await prisma.order.findUniqueOrThrow({ where: { id: held.booking.id }, select: { user: true } });
  return order.user;
}

/** A reseller's account, as its first booking made it. */
async function resellerAccount() {
  return firstBooking(await createTestReseller("Partner Travels", 1000));
}

describe("a reseller's system account", () => {
  it("is made as a system account in the reserved domain, and never takes over an ordinary account of that address", async () => {
    const reseller = await createTestReseller("Early Bird Tours", 1000);
    // A stranger holds the address the reseller's account would get (registered before it was reserved).
    const stranger = await createUser({ email: `reseller-${reseller.id}@resellers.invalid` });
    const account = await firstBooking(reseller);
    expect(account.id).not.toBe(stranger.id);
    expect(account.systemAccount).toBe(true);
    expect(account.email).toMatch(new RegExp(`^reseller-${reseller.id}-[0-9a-f]{8}@resellers\\.invalid$`));
    const prisma = await db();
    expect(await prisma.order.count({ where: { userId: stranger.id } })).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: stranger.id } })).systemAccount).toBe(false);
    // The next booking goes to the same system account.
    expect((await firstBooking(reseller)).id).toBe(account.id);
  });

  it("never signs in with a password, even one it has", async () => {
    const account = await resellerAccount();
    // As if a reset link had once given it a password.
    const prisma = await db();
    await prisma.password.create({ data: { userId: account.id, hash: await hashPassword("known password 1") } });
    await expect(verifyLogin(account.email, "known password 1", null)).rejects.toMatchObject({ code: "wrong-password" });
  });

  it("never gets a reset link", async () => {
    const account = await resellerAccount();
    const prisma = await db();
    await requestPasswordReset({ email: account.email, address: "198.51.100.40" });
    expect(await prisma.passwordReset.count({ where: { userId: account.id } })).toBe(0);
    expect(await prisma.outboxEmail.count({ where: { to: account.email } })).toBe(0);
  });

  it("never signs in with Google, even with a verified Google address equal to its own", async () => {
    const account = await resellerAccount();
    const started = await callRoute(startGoogle, formRequest("/auth/google", { redirectTo: "/dashboard" }));
    const state = new URL(started.headers.get("Location")!).searchParams.get("state")!;
    const cookies = started.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const code = google.issueCode({ sub: `sub-${account.id}`, email: account.email, email_verified: true, name: "Someone" });
    const response = await callRoute(
      googleCallback,
      getRequest(`/auth/google/callback?${new URLSearchParams({ code, state })}`, { headers: { Cookie: cookies } }),
    );
    expect(
      response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session=") && !cookie.startsWith("__session=;")),
    ).toBe(false);
    const prisma = await db();
    expect(await prisma.session.count({ where: { userId: account.id } })).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: account.id } })).googleId).toBeNull();
  });

  it("its reserved address (and any .invalid one) cannot be registered", async () => {
    const reseller = await createTestReseller("Not Yet Selling", 1000);
    for (const email of [`reseller-${reseller.id}@resellers.invalid`, "someone@deleted.invalid"]) {
      const reply = await unwrap<{ result: { error?: Record<string, string[] | null> } }>(
        await registerAction(
          routeArgs(
            formRequest("/register", { displayName: "Squatter", email, password: "secret-pass", confirmPassword: "secret-pass" }),
          ),
        ),
      );
      expect(reply.status, email).toBe(400);
      expect(reply.data.result.error?.email).toEqual(["Please enter a valid email address."]);
      const prisma = await db();
      expect(await prisma.user.count({ where: { email } })).toBe(0);
    }
  });
});
