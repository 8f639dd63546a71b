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
import { DEFAULT_CATEGORY_ID, type PriceCategory, readItinerary } from "~/catalogue";
import { commissionPercent } from "~/distribution";
import type {
  cancellationSchema,
  departureRecordSchema,
  manifestEntrySchema,
  paymentClaimSchema,
  orderSchema,
  promoCodeSchema,
  resellerSchema,
  reviewRecordSchema,
  savedUserSchema,
  serviceSchema,
} from "~/http/api-schemas";
import { isoDate } from "~/platform/dates";
import { dollarsValue } from "~/platform/money";

export function packageJson(tourPackage: {
  id: string;
  title: string;
  costCents: number;
  image: string;
  description: string;
  destination: string | null;
  durationDays: number | null;
  itinerary: unknown;
  included: string[];
  excluded: string[];
  meetingPoint: string | null;
  maxGroupSize: number | null;
  gallery: string[];
  idRequired: boolean;
  depositPercent: number | null;
  depositPerTravellerCents: number | null;
  balanceDueDays: number;
  /** as sold: the default Adult at the cost for a package without categories of its own */
  priceCategories: PriceCategory[];
}): z.infer<typeof serviceSchema> {
  return {
    _id: tourPackage.id,
    title: tourPackage.title,
    cost: Number(dollarsValue(tourPackage.costCents)),
    image: tourPackage.image,
    description: tourPackage.description,
    destination: tourPackage.destination,
    durationDays: tourPackage.durationDays,
    itinerary: readItinerary(tourPackage.itinerary),
    included: tourPackage.included,
    excluded: tourPackage.excluded,
    meetingPoint: tourPackage.meetingPoint,
    maxGroupSize: tourPackage.maxGroupSize,
    gallery: tourPackage.gallery,
    priceCategories: tourPackage.priceCategories.map(({ id, ...category }) => ({ _id: id, ...category })),
    idRequired: tourPackage.idRequired,
    paymentPlan: paymentPlanJson(tourPackage),
  };
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
    payment: card
      ? {
          amount: Number(dollarsValue(card.amountCents)),
          created: Math.floor(card.created.getTime() / 1000),
          last4: card.last4,
          transaction: card.transaction,
        }
      : null,
    payments: order.payments.map((payment) => ({
      amount: Number(dollarsValue(payment.amountCents)),
      kind: payment.kind.toLowerCase() as "deposit" | "balance" | "full",
      method: payment.method.toLowerCase() as "card" | "bkash" | "nagad" | "bank" | "cash",
      reference: payment.transaction ?? payment.reference ?? "",
      created: Math.floor(payment.created.getTime() / 1000),
    })),
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

/** GET /api/users: an account as an administrator sees it (userSchema, with createdAt still a Date until JSON). */
export function userJson({
  id,
  role,
  ...user
}: {
  id: string;
  email: string;
  displayName: string;
  role: string;
  disabled: boolean;
  createdAt: Date;
}) {
  return {
    _id: id,
    ...user,
    admin: role === "ADMIN",
    role: role === "ADMIN" ? "admin" : role === "GUIDE" ? "guide" : "customer",
  } as const;
}

/** POST and PUT /api/users: the saved record. */
export function savedUserJson(saved: { id: string; email: string; displayName: string }): z.infer<typeof savedUserSchema> {
  return { _id: saved.id, email: saved.email, displayName: saved.displayName, acknowledged: true };
}

/** GET /api/review: the reviewer's email and the hidden mark only for an administrator. */
export function reviewJson(
  {
    id,
    email,
    name,
    rating,
    review,
    photo,
    hiddenAt,
    verifiedTraveller,
  }: {
    id: string;
    name: string;
    email: string;
    rating: number;
    review: string;
    photo: string | null;
    hiddenAt?: Date | null;
    verifiedTraveller: boolean;
  },
  showEmail: boolean,
): z.infer<typeof reviewRecordSchema> {
  return {
    _id: id,
    name,
    rating,
    review,
    photo,
    ...(showEmail ? { email } : {}),
    ...(showEmail && hiddenAt ? { hidden: true as const } : {}),
    verifiedTraveller,
  };
}

/** POST /api/my-orders/{id}/cancel: the new status and the refund in dollars with Stripe's refund id. */
export function cancellationJson(outcome: CancellationOutcome): z.infer<typeof cancellationSchema> {
  return {
    status: "cancelled",
    refund: outcome.refund ? { amount: Number(dollarsValue(outcome.refund.cents)), transaction: outcome.refund.refundId } : null,
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

/** GET /api/resellers: a reseller as an administrator sees it, with its keys (never the keys themselves). */
export function resellerJson(reseller: {
  id: string;
  name: string;
  email: string;
  commissionBasisPoints: number;
  active: boolean;
  maxHeldSeatsPerDeparture: number;
  maxHeldSeats: number;
  createdAt: Date;
  keys: { id: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }[];
}): z.input<typeof resellerSchema> {
  return {
    _id: reseller.id,
    name: reseller.name,
    email: reseller.email,
    commissionPercent: commissionPercent(reseller.commissionBasisPoints),
    active: reseller.active,
    maxHeldSeatsPerDeparture: reseller.maxHeldSeatsPerDeparture,
    maxHeldSeats: reseller.maxHeldSeats,
    createdAt: reseller.createdAt.toISOString(),
    keys: reseller.keys.map((key) => ({
      _id: key.id,
      prefix: key.prefix,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
    })),
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
