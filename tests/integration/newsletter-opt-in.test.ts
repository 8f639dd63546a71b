import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { action as subscribeAction } from "~/routes/newsletter";
import { loader as confirmLoader } from "~/routes/newsletter_.confirm.$token";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/newsletter_.unsubscribe.$token";
import { uniqueEmail } from "../support/auth";
import { callRoute, formRequest, getRequest } from "../support/requests";

async function subscribe(email: string) {
  return callRoute(subscribeAction, formRequest("/newsletter", { email }));
}

async function latestEmailTo(to: string) {
  const prisma = await db();
  return prisma.outboxEmail.findFirstOrThrow({ where: { to }, orderBy: { createdAt: "desc" } });
}

function linkIn(text: string, kind: "confirm" | "unsubscribe") {
  const match = text.match(new RegExp(`http://localhost:3000/newsletter/${kind}/([A-Za-z0-9_-]+)`));
  expect(match, `${kind} link in:\n${text}`).not.toBeNull();
  return match![1];
}

describe("newsletter double opt-in", () => {
  it("counts an address only once its owner opens the emailed link", async () => {
    const email = uniqueEmail("optin");
    const first = await subscribe(email);
    expect(first.status).toBe(200);
    expect(first.data.message).toMatch(/Thank you for subscribing! Please confirm/);
    const prisma = await db();
    expect(await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).toMatchObject({
      confirmedAt: null,
      unsubscribedAt: null,
    });

    const mail = await latestEmailTo(email);
    expect(mail.subject).toBe("Please confirm your Tour Booking newsletter subscription");
    const token = linkIn(mail.text, "confirm");
    expect(linkIn(mail.text, "unsubscribe")).toBe(token);

    const confirmed = await callRoute(confirmLoader, getRequest(`/newsletter/confirm/${token}`), { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.email).toBe(email);
    expect((await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).confirmedAt).not.toBeNull();
    // Opening the link again is harmless.
    expect((await callRoute(confirmLoader, getRequest(`/newsletter/confirm/${token}`), { token })).status).toBe(200);

    const again = await subscribe(email);
    expect(again.data.message).toBe("You are already subscribed. Thank you for staying with us!");
    expect(await prisma.outboxEmail.count({ where: { to: email } })).toBe(1);
  });

  it("sends the confirmation again to an address that has not confirmed, keeping one row", async () => {
    const email = uniqueEmail("twice");
    await subscribe(email);
    const again = await subscribe(email);
    expect(again.data.message).toBe(
      "You have already subscribed: please confirm with the link we have just emailed to you again.",
    );
    const prisma = await db();
    expect(await prisma.newsletterSubscriber.count({ where: { email } })).toBe(1);
    expect(await prisma.outboxEmail.count({ where: { to: email } })).toBe(2);
  });

  it("refuses unknown and malformed links without changing anything", async () => {
    for (const token of ["abcdefghijklmnopqrstuvwxyz", "bad token!", ""]) {
      expect((await callRoute(confirmLoader, getRequest(`/newsletter/confirm/x`), { token })).status).toBe(404);
      expect((await callRoute(unsubscribeLoader, getRequest(`/newsletter/unsubscribe/x`), { token })).status).toBe(404);
      expect((await callRoute(unsubscribeAction, formRequest(`/newsletter/unsubscribe/x`, {}), { token })).status).toBe(404);
    }
  });

  it("unsubscribes from the link of the email, without an account, only when asked", async () => {
    const email = uniqueEmail("leaving");
    await subscribe(email);
    const token = linkIn((await latestEmailTo(email)).text, "unsubscribe");
    await callRoute(confirmLoader, getRequest(`/newsletter/confirm/${token}`), { token });
    const prisma = await db();

    // Opening the page (as a mail scanner would) asks; it does not unsubscribe.
    const page = await callRoute(unsubscribeLoader, getRequest(`/newsletter/unsubscribe/${token}`), { token });
    expect(page.data).toEqual({ email, unsubscribed: false });
    expect((await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).unsubscribedAt).toBeNull();

    const done = await callRoute(unsubscribeAction, formRequest(`/newsletter/unsubscribe/${token}`, {}), { token });
    expect(done.data).toEqual({ done: true });
    expect((await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).unsubscribedAt).not.toBeNull();
    // The old confirmation link does not subscribe it again.
    expect((await callRoute(confirmLoader, getRequest(`/newsletter/confirm/${token}`), { token })).status).toBe(404);

    // Subscribing again starts a new confirmation.
    const back = await subscribe(email);
    expect(back.data.message).toMatch(/Please confirm/);
    expect(await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).toMatchObject({
      confirmedAt: null,
      unsubscribedAt: null,
    });
  });
});
