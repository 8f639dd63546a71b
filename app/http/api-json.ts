// The JSON shapes of the API's records (docs/spec.md §7: `_id`, dollars, the original field names),
// made from what the stores (`*-store.server.ts`) read and typed by the answer schemas of
// app/http/api-schemas.ts, which the OpenAPI document describes.
import type { z } from "zod";
import {
  apiCheckIn,
  balanceCents,
  balanceDueOf,
  type BookingStatusName,
  type DepartureStatusValue,
  effectiveStatus,
  firstCardPayment,
  specContact,
  type StoredContact,
  type manifestRows,
  paymentPlanJson,
  maskIdNumber,
  type PromoCodeRule,
  seatsLeft,
} from "~/booking";
import { type CancellationOutcome } from "~/booking/index.server";
import { DEFAULT_CATEGORY_ID, packageFactsJson, type PackageRecord } from "~/catalogue";
import type {
  cancellationSchema,
  departureRecordSchema,
  manifestEntrySchema,
  paymentClaimSchema,
  orderSchema,
  promoCodeSchema,
  serviceSchema,
} from "~/http/api-schemas";
import { cardPaymentJson, paymentRecordJson, refundJson } from "~/payments";
import { isoDate } from "~/platform/dates";
import { dollarsValue } from "~/platform/money";

/** A package as the API shows it: the catalogue's facts and its payment plan. */
export function packageJson(tourPackage: PackageRecord & Parameters<typeof paymentPlanJson>[0]): z.infer<typeof serviceSchema> {
  return { ...packageFactsJson(tourPackage), paymentPlan: paymentPlanJson(tourPackage) };
}

export interface OrderRecord extends StoredContact {
  id: string;
  reference: string;
  email: string;
  priceCents: number;
  discountCents: number;
  promoCode: { code: string } | null;
  serviceTitle: string;
  quantity: number;
  packageType: string;
  paidCents: number;
  depositCents: number | null;
  balanceDueDate: Date | null;
  payments: {
    amountCents: number;
    kind: "DEPOSIT" | "BALANCE" | "FULL";
    method: "CARD" | "BKASH" | "NAGAD" | "BANK" | "CASH";
    created: Date;
    last4: string;
    transaction: string | null;
    reference: string | null;
  }[];
  departureId: string | null;
  travelDate: Date | null;
  bookingStatus: BookingStatusName;
  holdExpiresAt: Date | null;
  channel: "WEBSITE" | "RESELLER";
  reseller: { id: string; name: string } | null;
  resellerReference: string | null;
  invoiceNumber: string | null;
  travellers: {
    id: string;
    categoryId: string | null;
    categoryName: string;
    name: string | null;
    dateOfBirth: Date | null;
    idNumber: string | null;
    checkIn: "YES" | "NO_SHOW" | null;
  }[];
}

const CHECKED_IN = { YES: "yes", NO_SHOW: "no-show" } as const;

/** An order's travellers: the ID number always masked (last 4), whoever asks. */
function travellersJson(travellers: OrderRecord["travellers"]): z.infer<typeof orderSchema>["travellers"] {
  return travellers.map((traveller) => ({
    _id: traveller.id,
    category: traveller.categoryId ?? DEFAULT_CATEGORY_ID,
    categoryName: traveller.categoryName,
    name: traveller.name,
    dateOfBirth: traveller.dateOfBirth ? isoDate(traveller.dateOfBirth) : null,
    idNumber: maskIdNumber(traveller.idNumber),
    checkedIn: traveller.checkIn ? CHECKED_IN[traveller.checkIn] : null,
  }));
}

export function orderJson(order: OrderRecord, now: Date = new Date()): z.infer<typeof orderSchema> {
  // the spec's payment: the first card payment
  const card = firstCardPayment(order);
  const balanceDue = balanceDueOf({ ...order, balanceDueDate: order.balanceDueDate && isoDate(order.balanceDueDate) });
  return {
    _id: order.id,
    reference: order.reference,
    ...specContact(order),
    email: order.email,
    Price: Number(dollarsValue(order.priceCents)),
    discount: Number(dollarsValue(order.discountCents)),
    promoCode: order.promoCode?.code ?? null,
    name: order.serviceTitle,
    quantity: order.quantity,
    packageType: order.packageType,
    payment: card ? cardPaymentJson(card) : null,
    payments: order.payments.map(paymentRecordJson),
    paid: Number(dollarsValue(order.paidCents)),
    balance: Number(dollarsValue(balanceCents(order))),
    balanceDue: balanceDue && isoDate(balanceDue),
    departure: order.departureId,
    date: order.travelDate ? isoDate(order.travelDate) : null,
    status: effectiveStatus(order, now).toLowerCase() as z.infer<typeof orderSchema>["status"],
    travellers: travellersJson(order.travellers),
    channel: order.channel === "RESELLER" ? "reseller" : "website",
    reseller: order.reseller ? { _id: order.reseller.id, name: order.reseller.name } : null,
    resellerReference: order.resellerReference,
    invoiceNumber: order.invoiceNumber,
  };
}

/** GET /api/services/{id}/departures; `guide` given (null: none assigned) for staff only, left out otherwise. */
export function departureJson(
  departure: {
    id: string;
    startDate: Date;
    seats: number;
    seatsTaken: number;
    status: DepartureStatusValue;
  },
  guide?: { name: string; phone: string | null } | null,
): z.infer<typeof departureRecordSchema> {
  return {
    _id: departure.id,
    date: isoDate(departure.startDate),
    seats: departure.seats,
    seatsLeft: seatsLeft(departure),
    status: departure.status.toLowerCase() as z.infer<typeof departureRecordSchema>["status"],
    ...(guide === undefined ? {} : { guide }),
  };
}

/** POST /api/my-orders/{id}/cancel: the new status and the refund in dollars with Stripe's refund id. */
export function cancellationJson(outcome: CancellationOutcome): z.infer<typeof cancellationSchema> {
  return {
    status: "cancelled",
    refund: outcome.refund ? refundJson(outcome.refund) : null,
  };
}

/** GET /api/promo-codes */
export function promoCodeJson(code: PromoCodeRule & { id: string }): z.infer<typeof promoCodeSchema> {
  return {
    _id: code.id,
    code: code.code,
    percentOff: code.percentOff,
    amountOff: code.amountOffCents === null ? null : Number(dollarsValue(code.amountOffCents)),
    validFrom: code.validFrom,
    validUntil: code.validUntil,
    travelFrom: code.travelFrom,
    travelUntil: code.travelUntil,
    maxRedemptions: code.maxRedemptions,
    maxPerCustomer: code.maxPerCustomer,
    packages: [...code.packageIds],
    minTravellers: code.minTravellers,
    active: code.active,
    redemptions: code.redemptions,
  };
}

/** GET /api/departures/{id}/manifest: one traveller (no ID number: the page reveals those, one at a time). */
export function manifestEntryJson(row: ReturnType<typeof manifestRows>[number]): z.infer<typeof manifestEntrySchema> {
  return {
    order: row.orderId,
    reference: row.reference,
    traveller: row.id,
    name: row.name,
    category: row.categoryId ?? DEFAULT_CATEGORY_ID,
    categoryName: row.category,
    age: row.age,
    mobileNumber: row.mobileNumber,
    checkedIn: apiCheckIn(row.checkIn),
  };
}

/** GET /api/payment-claims: a customer's bKash/Nagad claim as an administrator verifies it. */
export function paymentClaimJson(claim: {
  id: string;
  orderId: string;
  method: string;
  amountCents: number;
  reference: string;
  status: string;
  reason: string | null;
  createdAt: Date;
  order: { reference: string; firstName: string; lastName: string };
}): z.infer<typeof paymentClaimSchema> {
  return {
    _id: claim.id,
    order: claim.orderId,
    orderReference: claim.order.reference,
    customer: `${claim.order.firstName} ${claim.order.lastName}`,
    method: claim.method.toLowerCase() as "bkash" | "nagad",
    amount: Number(dollarsValue(claim.amountCents)),
    reference: claim.reference,
    status: claim.status.toLowerCase() as "pending" | "accepted" | "rejected",
    reason: claim.reason,
    created: Math.floor(claim.createdAt.getTime() / 1000),
  };
}
