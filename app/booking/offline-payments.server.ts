// Money paid outside the card provider: an administrator records cash, bank transfer, bKash or
// Nagad with its reference; a customer submits a bKash/Nagad transaction id (a claim) that an
// administrator accepts (it becomes a payment, in the same transaction) or rejects with a reason
// the customer sees. Every payment goes through recordPayment (booking-payments-store.server.ts).
import { recordPayment, recordPaymentNow } from "~/booking/booking-payments-store.server";
import { closedBookingMessage } from "~/booking/booking-payments.server";
import { bookingFacts } from "~/booking/cancellation.server";
import { receiptEmail } from "~/booking/lifecycle-emails";
import { findPayableOrder } from "~/booking/order-store.server";
import { balanceCents } from "~/booking/payment-plan";
import { voucherPath } from "~/booking/voucher";
import type { PaymentMethod } from "~/generated/prisma/client";
import { agencyToday, isoDate } from "~/platform/dates";
import { db } from "~/platform/db.server";
import { isPlausibleId } from "~/platform/ids";
import { deliverOutbox } from "~/platform/mail.server";
import { formatDollars } from "~/platform/money";
import { publicUrl } from "~/platform/public-url.server";
import { cachedRead } from "~/platform/read-cache.server";

export class OfflinePaymentError extends Error {
  constructor(
    readonly code: "not-found" | "invalid" | "closed" | "conflict",
    message: string,
    /** for "invalid": the field it names */
    readonly field?: string,
  ) {
    super(message);
  }
}

const OFFLINE_METHODS = { bkash: "BKASH", nagad: "NAGAD", bank: "BANK", cash: "CASH" } as const;
export type OfflineMethodName = keyof typeof OFFLINE_METHODS;

async function payableOrder(orderId: string, ownerId: string | undefined) {
  const order = isPlausibleId(orderId) ? await findPayableOrder(orderId, ownerId) : null;
  if (!order) throw new OfflinePaymentError("not-found", "No such order.");
  const closed = closedBookingMessage(order);
  if (closed) throw new OfflinePaymentError("closed", closed);
  const balance = balanceCents(order);
  if (balance <= 0) throw new OfflinePaymentError("closed", "This order is already paid in full.");
  return { order, balance };
}

function checkAmount(amountCents: number, balance: number) {
  if (amountCents > balance)
    throw new OfflinePaymentError("invalid", `amount: at most the balance, ${formatDollars(balance)}.`, "amount");
}

/** An administrator records money received offline. Returns the payment's id. */
export async function recordOfflinePayment(
  orderId: string,
  admin: { id: string },
  input: { amountCents: number; method: OfflineMethodName; reference: string },
): Promise<string> {
  const { order, balance } = await payableOrder(orderId, undefined);
  checkAmount(input.amountCents, balance);
  const payment = {
    orderId: order.id,
    amountCents: input.amountCents,
    currency: "usd",
    method: OFFLINE_METHODS[input.method] as PaymentMethod,
    created: new Date(),
    reference: input.reference,
    recordedById: admin.id,
  };
  const recorded = await recordPaymentNow(payment, agencyToday(), (result) =>
    result.outcome === "confirmed"
      ? receiptEmail(
          bookingFacts(order),
          { amountCents: input.amountCents, transaction: `${input.method} ${input.reference}`, last4: "" },
          publicUrl(voucherPath(order.id)),
          {
            balanceCents: result.priceCents - result.paidCents,
            balanceDue: order.balanceDueDate && isoDate(order.balanceDueDate),
          },
        )
      : null,
  ).catch(duplicateReference);
  if (recorded.status === "duplicate")
    throw new OfflinePaymentError("conflict", "reference: this payment was already recorded.", "reference");
  await deliverOutbox().catch(() => 0);
  return recorded.paymentId;
}

/** Prisma's P2002 on (method, reference): the same reference recorded at the same moment elsewhere. */
function duplicateReference(error: unknown): never {
  if ((error as { code?: string }).code === "P2002")
    throw new OfflinePaymentError("conflict", "reference: this payment was already recorded.", "reference");
  throw error;
}

/**
 * The owner submits a bKash/Nagad transaction id and amount. The same transaction id again for
 * this order gives the same claim (a rejected one is opened again with the amount sent).
 */
export async function submitPaymentClaim(
  orderId: string,
  ownerId: string,
  input: { amountCents: number; method: "bkash" | "nagad"; reference: string },
): Promise<string> {
  const { order, balance } = await payableOrder(orderId, ownerId);
  checkAmount(input.amountCents, balance);
  const method = OFFLINE_METHODS[input.method] as PaymentMethod;
  const prisma = await db();
  const existing = await prisma.paymentClaim.findUnique({ where: { method_reference: { method, reference: input.reference } } });
  if (existing && existing.orderId !== order.id)
    throw new OfflinePaymentError("conflict", "reference: this transaction id was already submitted.", "reference");
  if (existing) {
    if (existing.status === "REJECTED")
      await prisma.paymentClaim.updateMany({
        where: { id: existing.id, status: "REJECTED" },
        data: { status: "PENDING", amountCents: input.amountCents, reason: null, decidedAt: null, decidedById: null },
      });
    return existing.id;
  }
  try {
    const created = await prisma.paymentClaim.create({
      data: { orderId: order.id, userId: ownerId, method, amountCents: input.amountCents, reference: input.reference },
      select: { id: true },
    });
    return created.id;
  } catch (error) {
    // a double submit: the other request created it
    if ((error as { code?: string }).code !== "P2002") throw error;
    const again = await prisma.paymentClaim.findUnique({ where: { method_reference: { method, reference: input.reference } } });
    if (!again || again.orderId !== order.id) throw error;
    return again.id;
  }
}

const claimSelect = {
  id: true,
  orderId: true,
  method: true,
  amountCents: true,
  reference: true,
  status: true,
  reason: true,
  createdAt: true,
  decidedAt: true,
  order: { select: { reference: true, firstName: true, lastName: true, email: true } },
} as const;

/** Claims in this status, oldest first (what waits longest is decided first). */
export async function listPaymentClaims(status: "PENDING" | "ACCEPTED" | "REJECTED") {
  const prisma = await db();
  return prisma.paymentClaim.findMany({ where: { status }, orderBy: { createdAt: "asc" }, take: 200, select: claimSelect });
}

/** How many claims wait for an administrator (the sidebar's count; kept until the next write). */
export function countPendingClaims(): Promise<number> {
  return cachedRead("pending-payment-claims", async () => {
    const prisma = await db();
    return prisma.paymentClaim.count({ where: { status: "PENDING" } });
  });
}

/** An order's claims, newest first (its page shows the owner what awaits verification or was rejected, and why). */
export async function claimsOfOrder(orderId: string) {
  const prisma = await db();
  return prisma.paymentClaim.findMany({ where: { orderId }, orderBy: { createdAt: "desc" }, select: claimSelect });
}

/**
 * An administrator decides a pending claim: accepted, it becomes a payment in the same
 * transaction (the claim's row changes once: a second decision is a conflict); rejected, with the
 * reason the customer reads.
 */
export async function decidePaymentClaim(
  claimId: string,
  admin: { id: string },
  decision: { status: "accepted" | "rejected"; reason?: string },
): Promise<void> {
  if (decision.status === "rejected" && !decision.reason?.trim())
    throw new OfflinePaymentError("invalid", "reason: say why the claim is rejected (the customer reads it).", "reason");
  const prisma = await db();
  const claim = isPlausibleId(claimId) ? await prisma.paymentClaim.findUnique({ where: { id: claimId } }) : null;
  if (!claim) throw new OfflinePaymentError("not-found", "No such payment claim.");
  const outcome = await prisma
    .$transaction(async (tx) => {
      const { count } = await tx.paymentClaim.updateMany({
        where: { id: claim.id, status: "PENDING" },
        data: {
          status: decision.status === "accepted" ? "ACCEPTED" : "REJECTED",
          reason: decision.status === "rejected" ? decision.reason!.trim() : null,
          decidedAt: new Date(),
          decidedById: admin.id,
        },
      });
      if (count !== 1) return "decided" as const;
      if (decision.status === "rejected") return "rejected" as const;
      const recorded = await recordPayment(
        tx,
        {
          orderId: claim.orderId,
          amountCents: claim.amountCents,
          currency: "usd",
          method: claim.method,
          created: new Date(),
          reference: claim.reference,
          recordedById: admin.id,
          claimId: claim.id,
        },
        agencyToday(),
      );
      if (recorded.status === "duplicate")
        throw new OfflinePaymentError("conflict", "This transaction id was already recorded as a payment.");
      return "accepted" as const;
    })
    .catch(duplicateReference);
  if (outcome === "decided") throw new OfflinePaymentError("conflict", "This claim was already decided.");
}
