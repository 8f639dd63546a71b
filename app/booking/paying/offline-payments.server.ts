// Money paid outside the card provider: an administrator records cash, bank transfer, bKash or
// Nagad with its reference; a customer submits a bKash/Nagad transaction id (a claim) that an
// administrator accepts (it becomes a payment, in the same transaction) or rejects with a reason
// the customer sees. Every payment goes through recordPayment (booking-payments-store.server.ts).
import { recordPaymentNow } from "~/booking/core/booking-payments-store.server";
import { findPayableOrder } from "~/booking/core/booking-store.server";
import { claimReminderEmail } from "~/booking/core/lifecycle-emails";
import {
  claimsOf,
  countPending,
  decideClaim,
  fileClaim,
  findClaim,
  listClaims,
  remindWaitingClaims,
  type FiledClaim,
} from "~/booking/core/payment-claim-store.server";
import { balanceCents } from "~/booking/core/payment-plan";
import { closedBookingMessage, receiptOnConfirmation } from "~/booking/paying/booking-payments.server";
import type { PaymentMethod } from "~/generated/prisma/client";
import { agencyToday } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { isPlausibleId } from "~/platform/ids";
import type { PeriodicJob } from "~/platform/jobs.server";
import { deliverOutbox } from "~/platform/mail.server";
import { formatDollars } from "~/platform/money";
import { publicUrl } from "~/platform/public-url.server";
import { take } from "~/platform/rate-limit.server";
import { cachedRead } from "~/platform/read-cache.server";

export class OfflinePaymentError extends Error {
  constructor(
    readonly code: "not-found" | "invalid" | "closed" | "conflict" | "rate-limited",
    message: string,
    /** for "invalid": the field it names */
    readonly field?: string,
    /** for "rate-limited": seconds until it may be tried again */
    readonly retryAfterSeconds?: number,
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
  const recorded = await recordPaymentNow(
    payment,
    agencyToday(),
    receiptOnConfirmation(order, {
      amountCents: input.amountCents,
      transaction: `${input.method} ${input.reference}`,
      last4: "",
    }),
  ).catch(duplicateReference);
  // paid meanwhile (another administrator, an accepted claim, a card): checked with the row locked
  if (recorded.status === "over")
    throw new OfflinePaymentError("conflict", `amount: at most the balance, ${formatDollars(recorded.balanceCents)}.`, "amount");
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

/** A claim beyond the balance, or one while the pending claims cover it: 409, nothing filed. */
function claimRefused(filed: Exclude<FiledClaim, { status: "filed" }>): never {
  if (filed.status === "over")
    throw new OfflinePaymentError("conflict", `amount: at most the balance, ${formatDollars(filed.balanceCents)}.`, "amount");
  throw new OfflinePaymentError(
    "conflict",
    `Your claims awaiting verification (${formatDollars(filed.pendingCents)}) already cover this booking's balance: please wait until the agency has checked them.`,
  );
}

/**
 * The owner submits a bKash/Nagad transaction id and amount (rate-limited per account). The same
 * transaction id again for this order gives the same claim (a rejected one is opened again with
 * the amount sent). Another customer's claim of the same id is filed too, flagged to the
 * administrators, never refused: a refusal would tell who else submitted it.
 */
export async function submitPaymentClaim(
  orderId: string,
  ownerId: string,
  input: { amountCents: number; method: "bkash" | "nagad"; reference: string },
  address: string | null = null,
): Promise<string> {
  const { order, balance } = await payableOrder(orderId, ownerId);
  checkAmount(input.amountCents, balance);
  const counted = await take("payment-claim", { account: ownerId, address });
  if (counted.refused)
    throw new OfflinePaymentError("rate-limited", counted.refused.message, undefined, counted.refused.retryAfterSeconds);
  const now = new Date();
  const filed = await fileClaim(
    {
      orderId: order.id,
      userId: ownerId,
      method: OFFLINE_METHODS[input.method] as PaymentMethod,
      amountCents: input.amountCents,
      reference: input.reference,
    },
    now,
    new Date(now.getTime() + env().PAYMENT_CLAIM_HOLD_HOURS * HOUR),
  );
  if (filed.status !== "filed") claimRefused(filed);
  return filed.id;
}

const HOUR = 3_600_000;

/** Claims in this status, oldest first, each with the other bookings of its transaction id. */
export function listPaymentClaims(status: "PENDING" | "ACCEPTED" | "REJECTED") {
  return listClaims(status);
}

/** How many claims wait for an administrator (the sidebar's count; kept until the next write). */
export function countPendingClaims(): Promise<number> {
  return cachedRead("pending-payment-claims", countPending);
}

/** An order's claims, newest first (its page shows the owner what awaits verification or was rejected, and why). */
export function claimsOfBooking(orderId: string) {
  return claimsOf(orderId);
}

/**
 * An administrator decides a pending claim: accepted, it becomes a payment in the same
 * transaction (the claim's row changes once: a second decision is a conflict), refused beyond the
 * balance; rejected, with the reason the customer reads.
 */
export async function decidePaymentClaim(
  claimId: string,
  admin: { id: string },
  decision: { status: "accepted" | "rejected"; reason?: string },
): Promise<void> {
  if (decision.status === "rejected" && !decision.reason?.trim())
    throw new OfflinePaymentError("invalid", "reason: say why the claim is rejected (the customer reads it).", "reason");
  const claim = isPlausibleId(claimId) ? await findClaim(claimId) : null;
  if (!claim) throw new OfflinePaymentError("not-found", "No such payment claim.");
  const order = decision.status === "accepted" ? await findPayableOrder(claim.orderId, undefined) : null;
  const outcome = await decideClaim(
    claim.id,
    admin.id,
    decision.status === "accepted" ? { status: "accepted" } : { status: "rejected", reason: decision.reason!.trim() },
    agencyToday(),
    // The customer is told as a card payment tells them: the receipt once the booking is confirmed.
    order
      ? receiptOnConfirmation(order, {
          amountCents: claim.amountCents,
          transaction: `${claim.method === "NAGAD" ? "Nagad" : "bKash"} ${claim.reference}`,
          last4: "",
        })
      : undefined,
  ).catch(duplicateReference);
  if (outcome.status === "decided") throw new OfflinePaymentError("conflict", "This claim was already decided.");
  if (outcome.status === "duplicate")
    throw new OfflinePaymentError("conflict", "This transaction id was already recorded as a payment.");
  if (outcome.status === "over")
    throw new OfflinePaymentError(
      "conflict",
      `This claim is more than the booking's balance, ${formatDollars(outcome.balanceCents)}: it was paid meanwhile. Check its payments, then reject the claim.`,
    );
  if (outcome.status === "accepted") await deliverOutbox().catch(() => 0);
}

/** Claims waiting PAYMENT_CLAIM_HOLD_HOURS: the administrators are reminded once (a periodic job). */
export async function remindClaimsWaiting(now: Date): Promise<{ reminded: number }> {
  const hours = env().PAYMENT_CLAIM_HOLD_HOURS;
  const reminded = await remindWaitingClaims(new Date(now.getTime() - hours * HOUR), now, (claim) =>
    claimReminderEmail(
      {
        bookingReference: claim.bookingReference,
        method: claim.method === "NAGAD" ? "Nagad" : "bKash",
        amountCents: claim.amountCents,
        reference: claim.reference,
        waitingHours: Math.floor((now.getTime() - claim.createdAt.getTime()) / HOUR),
      },
      env().CONTACT_TO,
      publicUrl("/dashboard/payment-claims"),
    ),
  );
  return { reminded };
}

export const claimJobs: readonly PeriodicJob[] = [{ name: "claim-reminders", everyMs: 15 * 60_000, run: remindClaimsWaiting }];
