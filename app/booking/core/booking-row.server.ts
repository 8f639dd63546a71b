// The one projection of an order row (a booking): every read of one booking, or of a page of them
// through Prisma, selects it and adds only the relations its screen needs (refunds, history). The
// orders lists read the same columns in SQL (lists/booking-list-store.server.ts), for their indexes.
import { paymentRecordSelect } from "~/booking/core/booking-payments-store.server";
import type { Prisma } from "~/generated/prisma/client";

/** What the booking's emails say of it (bookingFacts, app/booking/cancelling/cancellation.server.ts), for the jobs that send them. */
export const bookingFactsSelect = {
  id: true,
  reference: true,
  user: { select: { email: true } },
  firstName: true,
  lastName: true,
  serviceTitle: true,
  quantity: true,
  packageType: true,
  priceCents: true,
  travelDate: true,
  // their categories, for the travellers' phrase (app/booking/core/traveller-count.ts)
  travellers: { orderBy: { position: "asc" }, select: { categoryName: true } },
} as const;

/** A booking's contact as typed at checkout (the specification's billing details). */
export const contactSelect = {
  firstName: true,
  lastName: true,
  streetAddress: true,
  city: true,
  townName: true,
  district: true,
  postcode: true,
  mobileNumber: true,
} as const;

export const bookingSelect = {
  id: true,
  reference: true,
  userId: true,
  // the account's address, where the booking's emails go
  user: { select: { email: true } },
  // the contact typed at checkout, for the agency
  firstName: true,
  lastName: true,
  email: true,
  mobileNumber: true,
  streetAddress: true,
  city: true,
  townName: true,
  district: true,
  postcode: true,
  country: true,
  serviceId: true,
  serviceTitle: true,
  quantity: true,
  packageType: true,
  unitPriceCents: true,
  // the total after the discount of its promo code (null: none)
  priceCents: true,
  discountCents: true,
  promoCode: { select: { code: true } },
  departureId: true,
  travelDate: true,
  bookingStatus: true,
  holdExpiresAt: true,
  paymentStatus: true,
  refundedCents: true,
  offlineRefundOwedCents: true,
  stripePaymentIntentId: true,
  // "INV-2026-000001" once its first payment is recorded (app/invoicing/)
  invoiceNumber: true,
  createdAt: true,
  deletedAt: true,
  // the channel it was sold through: the website, or a reseller (with the reseller's own reference)
  channel: true,
  resellerReference: true,
  reseller: { select: { id: true, name: true } },
  // what was paid, in the order it was paid (the spec's `payment` is the first card payment: firstCardPayment)
  paidCents: true,
  depositCents: true,
  balanceDueDate: true,
  payments: { orderBy: { created: "asc" }, select: paymentRecordSelect },
  // one per person, in the order they were entered; the ID number whole (who sees it so is each screen's rule)
  travellers: {
    orderBy: { position: "asc" },
    select: { id: true, categoryId: true, categoryName: true, name: true, dateOfBirth: true, idNumber: true, checkIn: true },
  },
} as const;

export type BookingRow = Prisma.OrderGetPayload<{ select: typeof bookingSelect }>;
