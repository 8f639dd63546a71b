// The messages' table (OutboxMessage): queued first, sent later by app/messages/delivery.server.ts.
// Every step that changes a message is one conditional update, so that two instances never both
// send it and a status never goes back (a late "delivered" after "read" is ignored).
import type { MessageChannel, MessageStatus } from "~/messages/channels";
import { db } from "~/platform/db.server";
import type { Language } from "~/platform/i18n";
import { type EmailState, emailStates, queueEmail } from "~/platform/outbox-store.server";

export interface NewMessage {
  channel: MessageChannel;
  kind: string;
  orderId: string | null;
  /** 8801XXXXXXXXX for SMS and WhatsApp, an address for email */
  to: string;
  language: Language;
  text: string;
  subject?: string;
  template?: string;
  params?: string[];
  /** not sent before then (quiet hours) */
  notBefore: Date;
  /** one message per key: a second queueing with the same key is skipped */
  dedupeKey?: string;
}

export interface QueuedMessage {
  id: string;
  status: MessageStatus;
  /** false: one with the same dedupeKey was queued before (this call queued nothing) */
  created: boolean;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === "P2002";
}

/** Writes the message; an email is also put in the mail outbox, which sends it. */
export async function insertMessage(message: NewMessage, now: Date): Promise<QueuedMessage> {
  const prisma = await db();
  if (message.dedupeKey) {
    const existing = await prisma.outboxMessage.findUnique({
      where: { dedupeKey: message.dedupeKey },
      select: { id: true, status: true },
    });
    if (existing) return { id: existing.id, status: existing.status as MessageStatus, created: false };
  }
  const data = {
    channel: message.channel,
    kind: message.kind,
    orderId: message.orderId,
    to: message.to,
    language: message.language,
    text: message.text,
    subject: message.subject ?? null,
    template: message.template ?? null,
    params: message.params ?? [],
    notBefore: message.notBefore,
    dedupeKey: message.dedupeKey ?? null,
    createdAt: now,
  };
  try {
    if (message.channel !== "email") {
      const row = await prisma.outboxMessage.create({ data, select: { id: true } });
      return { id: row.id, status: "queued", created: true };
    }
    return await prisma.$transaction(async (tx) => {
      const row = await tx.outboxMessage.create({ data, select: { id: true } });
      const emailId = await queueEmail({ to: message.to, subject: message.subject ?? "", text: message.text }, tx);
      await tx.outboxMessage.update({ where: { id: row.id }, data: { outboxEmailId: emailId } });
      return { id: row.id, status: "queued" as const, created: true };
    });
  } catch (error) {
    // Two instances queued the same scheduled message at once: the other one's stands.
    if (message.dedupeKey && isUniqueViolation(error)) {
      const existing = await prisma.outboxMessage.findUniqueOrThrow({
        where: { dedupeKey: message.dedupeKey },
        select: { id: true, status: true },
      });
      return { id: existing.id, status: existing.status as MessageStatus, created: false };
    }
    throw error;
  }
}

const unclaimed = (now: Date) => ({ OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] });

/** SMS and WhatsApp messages due at `now` with attempts left, oldest first. */
export async function dueMessages(now: Date, limit: number, maxAttempts: number) {
  const prisma = await db();
  return prisma.outboxMessage.findMany({
    where: {
      status: "queued",
      channel: { in: ["sms", "whatsapp"] },
      notBefore: { lte: now },
      attempts: { lt: maxAttempts },
      ...unclaimed(now),
    },
    orderBy: [{ notBefore: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    take: limit,
    select: { id: true, channel: true, to: true, text: true, language: true, template: true, params: true, attempts: true },
  });
}

/**
 * Claims the message for one attempt: only the instance whose update matches the attempt count
 * gets it, and holds it for `holdMs`; if that instance dies, the message is due again after.
 */
export async function claimMessage(id: string, attempts: number, now: Date, holdMs: number): Promise<boolean> {
  const prisma = await db();
  const claimed = await prisma.outboxMessage.updateMany({
    where: { id, attempts, status: "queued", notBefore: { lte: now }, ...unclaimed(now) },
    data: { attempts: { increment: 1 }, claimedUntil: new Date(now.getTime() + holdMs) },
  });
  return claimed.count === 1;
}

export async function markMessageSent(id: string, providerId: string | null, now: Date): Promise<void> {
  const prisma = await db();
  await prisma.outboxMessage.updateMany({
    where: { id, status: "queued" },
    data: { status: "sent", providerId, sentAt: now, error: null, claimedUntil: null },
  });
}

/** A failed attempt: tried again from `retryAt`, or, without one, failed for good with the reason. */
export async function markMessageAttemptFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
  const prisma = await db();
  await prisma.outboxMessage.updateMany({
    where: { id, status: "queued" },
    data: retryAt
      ? { error: error.slice(0, 500), notBefore: retryAt, claimedUntil: null }
      : { status: "failed", error: error.slice(0, 500), claimedUntil: null },
  });
}

const PROGRESS: MessageStatus[] = ["queued", "sent", "delivered", "read"];

/**
 * What a provider reported of a sent message (WhatsApp's webhook): delivered and read move it
 * forward only; failed stands unless it was already read. Returns whether a message changed.
 */
export async function recordDeliveryStatus(
  channel: MessageChannel,
  providerId: string,
  status: "sent" | "delivered" | "read" | "failed",
  error: string | null,
): Promise<boolean> {
  const prisma = await db();
  const before = status === "failed" ? ["queued", "sent", "delivered"] : PROGRESS.slice(0, PROGRESS.indexOf(status));
  const changed = await prisma.outboxMessage.updateMany({
    where: { channel, providerId, status: { in: before } },
    data: status === "failed" ? { status, error: (error ?? "failed").slice(0, 500) } : { status },
  });
  return changed.count > 0;
}

export interface LoggedMessage {
  id: string;
  channel: MessageChannel;
  kind: string;
  to: string;
  status: MessageStatus;
  error: string | null;
  created: Date;
  /** a queued message held (quiet hours, a retry's back-off) goes then */
  notBefore: Date;
  text: string;
}

function emailStatus(state: EmailState | undefined): { status: MessageStatus; error: string | null } {
  // The mail outbox deletes what it sent after OUTBOX_RETENTION_DAYS.
  if (!state) return { status: "sent", error: null };
  if (state.sentAt) return { status: "sent", error: null };
  return { status: state.givenUp ? "failed" : "queued", error: state.lastError };
}

/** Every message (of one kind, when given) of one or more bookings, oldest first; an email's status is its outbox row's. */
export async function messagesOfOrders(orderIds: string[], kind?: string): Promise<(LoggedMessage & { orderId: string })[]> {
  if (orderIds.length === 0) return [];
  const prisma = await db();
  const rows = await prisma.outboxMessage.findMany({
    where: { orderId: { in: orderIds }, ...(kind ? { kind } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      orderId: true,
      channel: true,
      kind: true,
      to: true,
      status: true,
      error: true,
      createdAt: true,
      notBefore: true,
      text: true,
      outboxEmailId: true,
    },
  });
  const emails = await emailStates(rows.flatMap((row) => (row.outboxEmailId ? [row.outboxEmailId] : [])));
  return rows.map((row) => {
    const email = row.channel === "email" && row.outboxEmailId ? emailStatus(emails.get(row.outboxEmailId)) : null;
    return {
      id: row.id,
      orderId: row.orderId ?? "",
      channel: row.channel as MessageChannel,
      kind: row.kind,
      to: row.to,
      status: email?.status ?? (row.status as MessageStatus),
      error: email ? email.error : row.error,
      created: row.createdAt,
      notBefore: row.notBefore,
      text: row.text,
    };
  });
}
