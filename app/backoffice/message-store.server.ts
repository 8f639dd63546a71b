// Messages: contact messages, newsletter subscriptions and the mail outbox.
import { db } from "~/platform/db.server";
import { queueEmail } from "~/platform/outbox-store.server";
import { keysetAfter, keysetPages, numberedPage } from "~/platform/paging";
import { cachedRead } from "~/platform/read-cache.server";

export async function saveContactMessage(input: {
  name: string;
  email: string;
  subject: string;
  message: string;
}): Promise<void> {
  const prisma = await db();
  await prisma.contactMessage.create({ data: input });
}

export const INBOX_PAGE_SIZE = 25;
type InboxFilter = "all" | "unhandled" | "handled";

const inboxWhere = (filter: InboxFilter) =>
  filter === "unhandled" ? { handledAt: null } : filter === "handled" ? { handledAt: { not: null } } : {};

/** A page of contact messages, newest first, and the total for the page links. */
export async function listContactMessages(filter: InboxFilter, page: number) {
  const prisma = await db();
  const where = inboxWhere(filter);
  const { rows: messages, total } = await numberedPage(page, INBOX_PAGE_SIZE, {
    rows: (window) =>
      prisma.contactMessage.findMany({
        where,
        ...window,
        select: {
          id: true,
          name: true,
          email: true,
          subject: true,
          message: true,
          createdAt: true,
          readAt: true,
          handledAt: true,
        },
      }),
    count: () => prisma.contactMessage.count({ where }),
  });
  return { messages, total };
}

/** The sidebar's count, on every back-office page: kept until the next write (app/platform/read-cache.server.ts). */
export function countUnhandledMessages(): Promise<number> {
  return cachedRead("unhandled-messages", async () => {
    const prisma = await db();
    return prisma.contactMessage.count({ where: { handledAt: null } });
  });
}

/** The message, marked read the first time an admin opens it. */
export async function openContactMessage(id: string) {
  const prisma = await db();
  await prisma.contactMessage.updateMany({ where: { id, readAt: null }, data: { readAt: new Date() } });
  return prisma.contactMessage.findUnique({ where: { id } });
}

/** Marks the message handled (by this admin) or not; false when there is no such message. */
export async function setMessageHandled(id: string, adminId: string, handled: boolean): Promise<boolean> {
  const prisma = await db();
  const { count } = await prisma.contactMessage.updateMany({
    where: { id },
    data: handled ? { handledAt: new Date(), handledById: adminId, readAt: new Date() } : { handledAt: null, handledById: null },
  });
  return count === 1;
}

export async function findSubscriber(email: string) {
  const prisma = await db();
  return prisma.newsletterSubscriber.findUnique({ where: { email } });
}

type OutgoingEmail = { to: string; subject: string; text: string };

/**
 * A new, unconfirmed subscription and its confirmation email in one transaction. Throws Prisma's
 * P2002 when the address subscribed meanwhile.
 */
export async function createSubscription(email: string, token: string, confirmation: OutgoingEmail): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await tx.newsletterSubscriber.create({ data: { email, token } });
    await queueEmail(confirmation, tx);
  });
}

/** An unconfirmed or unsubscribed address asks again: it waits for a new confirmation. */
export async function renewSubscription(id: string, confirmation: OutgoingEmail): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    await tx.newsletterSubscriber.update({ where: { id }, data: { confirmedAt: null, unsubscribedAt: null } });
    await queueEmail(confirmation, tx);
  });
}

/** Confirms the subscription of the token (again is fine); its email, or null for an unknown or unsubscribed token. */
export async function confirmSubscription(token: string): Promise<string | null> {
  const prisma = await db();
  await prisma.newsletterSubscriber.updateMany({
    where: { token, unsubscribedAt: null, confirmedAt: null },
    data: { confirmedAt: new Date() },
  });
  const row = await prisma.newsletterSubscriber.findUnique({ where: { token }, select: { email: true, unsubscribedAt: true } });
  return row && !row.unsubscribedAt ? row.email : null;
}

export async function findSubscriberByToken(token: string) {
  const prisma = await db();
  return prisma.newsletterSubscriber.findUnique({
    where: { token },
    select: { email: true, confirmedAt: true, unsubscribedAt: true },
  });
}

/** Ends the subscription of the token; its email, or null for an unknown token. */
export async function unsubscribeToken(token: string): Promise<string | null> {
  const prisma = await db();
  await prisma.newsletterSubscriber.updateMany({ where: { token, unsubscribedAt: null }, data: { unsubscribedAt: new Date() } });
  const row = await prisma.newsletterSubscriber.findUnique({ where: { token }, select: { email: true } });
  return row?.email ?? null;
}

type SubscriberFilter = "confirmed" | "pending" | "unsubscribed";
export const SUBSCRIBERS_PAGE_SIZE = 50;

const subscriberWhere = (filter: SubscriberFilter) =>
  filter === "confirmed"
    ? { confirmedAt: { not: null }, unsubscribedAt: null }
    : filter === "pending"
      ? { confirmedAt: null, unsubscribedAt: null }
      : { unsubscribedAt: { not: null } };

export async function listSubscribers(filter: SubscriberFilter, page: number) {
  const prisma = await db();
  const where = subscriberWhere(filter);
  const { rows: subscribers, total } = await numberedPage(page, SUBSCRIBERS_PAGE_SIZE, {
    rows: (window) =>
      prisma.newsletterSubscriber.findMany({
        where,
        ...window,
        select: { id: true, email: true, createdAt: true, confirmedAt: true, unsubscribedAt: true },
      }),
    count: () => prisma.newsletterSubscriber.count({ where }),
  });
  return { subscribers, total };
}

/** Subscribers in keyset pages (oldest first), for a streamed export that never holds them all. */
export function subscriberPages(filter: SubscriberFilter) {
  return keysetPages(async (page) => {
    const prisma = await db();
    return prisma.newsletterSubscriber.findMany({
      where: { ...subscriberWhere(filter), ...keysetAfter(page.after, true) },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: page.limit,
      select: { id: true, email: true, createdAt: true, confirmedAt: true, unsubscribedAt: true },
    });
  });
}
