import { describe, expect, it } from "vitest";
import { db } from "~/platform/db.server";
import { action as subscribeAction } from "~/routes/newsletter";
import { action as confirmAction, loader as confirmLoader } from "~/routes/newsletter_.confirm.$token";
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

async function emailsTo(to: string) {
  return (await db()).outboxEmail.count({ where: { to } });
}

function linkIn(text: string, kind: "confirm" | "unsubscribe") {
  const match = text.match(new RegExp(`http://localhost:3000/newsletter/${kind}/([A-Za-z0-9_-]+)`));
  expect(match, `${kind} link in:\n${text}`).not.toBeNull();
  return match![1];
}

const openConfirmation = (token: string) => callRoute(confirmLoader, getRequest(`/newsletter/confirm/${token}`), { token });
const pressConfirm = (token: string) => callRoute(confirmAction, formRequest(`/newsletter/confirm/${token}`, {}), { token });

// What the newsletter box answers whatever the address's state (so it tells nobody who subscribed).
const ANSWER =
  "Thank you for subscribing! Please confirm your subscription with the link we have emailed to you. If you are already subscribed, there is nothing more to do.";

describe("newsletter double opt-in", () => {
  it("counts an address only once its owner presses the button of the emailed link's page", async () => {
    const email = uniqueEmail("optin");
    const first = await subscribe(email);
    expect(first.status).toBe(200);
    expect(first.data).toEqual({ ok: true, message: ANSWER });
    const prisma = await db();
    expect(await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).toMatchObject({
      confirmedAt: null,
      unsubscribedAt: null,
    });

    const mail = await latestEmailTo(email);
    expect(mail.subject).toBe("Please confirm your Tour Booking newsletter subscription");
    const token = linkIn(mail.text, "confirm");
    expect(linkIn(mail.text, "unsubscribe")).toBe(token);

    // Opening the link (as a mail scanner would) asks; it does not confirm.
    const page = await openConfirmation(token);
    expect(page.status).toBe(200);
    expect(page.data).toEqual({ email, confirmed: false });
    expect((await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).confirmedAt).toBeNull();

    const confirmed = await pressConfirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.data).toEqual({ done: true });
    expect((await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).confirmedAt).not.toBeNull();
    // Confirming again is harmless; the page now says it is done.
    expect((await pressConfirm(token)).status).toBe(200);
    expect((await openConfirmation(token)).data).toEqual({ email, confirmed: true });
  });

  it("answers new, pending and confirmed addresses alike, and emails a confirmed one nothing", async () => {
    const [fresh, pending, confirmed] = ["fresh", "pending", "confirmed"].map((name) => uniqueEmail(name));
    await subscribe(pending);
    await subscribe(confirmed);
    await pressConfirm(linkIn((await latestEmailTo(confirmed)).text, "confirm"));
    const before = { pending: await emailsTo(pending), confirmed: await emailsTo(confirmed) };

    const answers = await Promise.all([fresh, pending, confirmed].map(subscribe));
    for (const answer of answers) {
      expect({ status: answer.status, data: answer.data }).toEqual({ status: 200, data: { ok: true, message: ANSWER } });
    }
    expect(await emailsTo(fresh)).toBe(1);
    expect(await emailsTo(pending)).toBe(before.pending + 1);
    expect(await emailsTo(confirmed)).toBe(before.confirmed);
    const prisma = await db();
    expect(await prisma.newsletterSubscriber.count({ where: { email: pending } })).toBe(1);
  });

  it("sends one address at most 3 confirmation emails a day, however often (and concurrently) it is submitted", async () => {
    const email = uniqueEmail("bombed");
    await subscribe(email);
    await subscribe(email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => subscribe(email)));
    answers.push(await subscribe(email));
    for (const answer of answers)
      expect({ status: answer.status, data: answer.data }).toEqual({ status: 200, data: { ok: true, message: ANSWER } });
    expect(await emailsTo(email)).toBe(3);
    expect(await (await db()).newsletterSubscriber.count({ where: { email } })).toBe(1);
  });

  it("refuses unknown and malformed links without changing anything", async () => {
    for (const token of ["abcdefghijklmnopqrstuvwxyz", "bad token!", ""]) {
      expect((await openConfirmation(token)).status).toBe(404);
      expect((await pressConfirm(token)).status).toBe(404);
      expect((await callRoute(unsubscribeLoader, getRequest(`/newsletter/unsubscribe/x`), { token })).status).toBe(404);
      expect((await callRoute(unsubscribeAction, formRequest(`/newsletter/unsubscribe/x`, {}), { token })).status).toBe(404);
    }
  });

  it("unsubscribes from the link of the email, without an account, only when asked", async () => {
    const email = uniqueEmail("leaving");
    await subscribe(email);
    const token = linkIn((await latestEmailTo(email)).text, "unsubscribe");
    await pressConfirm(token);
    const prisma = await db();

    // Opening the page (as a mail scanner would) asks; it does not unsubscribe.
    const page = await callRoute(unsubscribeLoader, getRequest(`/newsletter/unsubscribe/${token}`), { token });
    expect(page.data).toEqual({ email, unsubscribed: false });
    expect((await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).unsubscribedAt).toBeNull();

    const done = await callRoute(unsubscribeAction, formRequest(`/newsletter/unsubscribe/${token}`, {}), { token });
    expect(done.data).toEqual({ done: true });
    expect((await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).unsubscribedAt).not.toBeNull();
    // The old confirmation link does not subscribe it again.
    expect((await openConfirmation(token)).status).toBe(404);
    expect((await pressConfirm(token)).status).toBe(404);

    // Subscribing again starts a new confirmation.
    const back = await subscribe(email);
    expect(back.data).toEqual({ ok: true, message: ANSWER });
    expect(await prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).toMatchObject({
      confirmedAt: null,
      unsubscribedAt: null,
    });
  });
});
