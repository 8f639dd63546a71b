// The booking's part of the JSON API under /api: an order as the API shows it (and the projection
// that makes it from the booking row), a package with its payment plan, and the bodies of the calls
// that place, list, pay and complete orders. app/http/openapi.ts turns these very schemas into the
// OpenAPI document; the departures', cancellations', promo codes' and payment claims' own parts are
// beside their operations (departures/departure-api.ts, cancelling/cancellation-api.ts,
// promo-codes/promo-code-api.ts, paying/payment-claim-api.ts).
import { z } from "zod";
import { MAX_QUANTITY, MIN_QUANTITY } from "~/booking/core/booking-choices";
import { specContact, type StoredContact } from "~/booking/core/booking-contact";
import { API_BOOKING_STATUSES, type BookingStatusName, effectiveStatus } from "~/booking/core/booking-status";
import { balanceCents, balanceDueOf, firstCardPayment, PAYMENT_PARTS, paymentPlanJson } from "~/booking/core/payment-plan";
import { checkoutSchema } from "~/booking/placing/checkout";
import { maskIdNumber } from "~/booking/travellers/id-numbers";
import { DEFAULT_CATEGORY_ID, packageFactsJson, packageFactsSchema, type PackageRecord } from "~/catalogue";
import { cardPaymentJson, paymentRecordJson, paymentRecordSchema, paymentSchema } from "~/payments";
import { isoDate } from "~/platform/dates";
import { EMAIL_MAX_LENGTH, ignored, ONE_TIME_KEY, optional, reference, withDefault } from "~/platform/fields";
import { dollarsValue } from "~/platform/money";
import { pageQuerySchema } from "~/platform/paging";

// ---- Request bodies (and parameters) ----

/** The checkout's fields, without its form key, with the original site's Price (checked, never trusted). */
export const orderInputSchema = checkoutSchema.extend({
  formKey: optional(checkoutSchema.shape.formKey),
  Price: optional(z.coerce.number()).describe(
    "Optional: refused with 400 when it differs from the server's price (before any promo code's discount)",
  ),
  quantity: withDefault(checkoutSchema.shape.quantity, 1),
});

export const idempotencyKey = z.string().regex(ONE_TIME_KEY).optional().describe("Retries with the same key create one order");

export const ordersQuerySchema = pageQuerySchema.extend({ email: z.string().max(EMAIL_MAX_LENGTH).email().optional() });

// The original site's PUT carried amount, created, last4 and transaction; only the transaction (the
// payment intent id) is read: the rest comes from Stripe, never from the caller.
export const paymentInputSchema = z.object({
  transaction: reference("transaction is required: the payment intent id", 255).describe("The Stripe payment intent id"),
  amount: ignored("read from Stripe"),
  created: ignored("read from Stripe"),
  last4: ignored("read from Stripe"),
});

/** PUT /api/my-orders/{id}/travellers: the travellers to change, each by its _id; a field left out keeps what is stored. */
export const travellersInputSchema = z.object({
  travellers: z
    .array(
      z
        .object({
          _id: z.string().min(1).max(100).describe("The traveller's _id (from the order's travellers)"),
          name: z.string().max(200).describe("Full name"),
          dateOfBirth: z
            .string()
            .max(10)
            .nullable()
            .optional()
            .describe(
              "YYYY-MM-DD; required when the traveller's category has an age range, which it must fit on the travel date",
            ),
          idNumber: z
            .string()
            .max(40)
            .nullable()
            .optional()
            .describe("NID, birth registration or passport number; required when the package asks for one"),
        })
        .strict(),
    )
    .min(1)
    .max(MAX_QUANTITY),
});

// The original site's client sent only { price }; the price now always comes from the order the caller owns.
export const paymentIntentInputSchema = z.object({
  orderId: reference("orderId is required: the order to pay", 100, "orderId is required: the order to pay"),
  price: ignored("the amount is the order's price"),
  part: z
    .enum(PAYMENT_PARTS, { errorMap: () => ({ message: 'part must be "deposit", "balance" or "full".' }) })
    .optional()
    .describe(
      'What to pay: "deposit" (while nothing is paid, on a plan with one), "balance" (what is left once something is paid) or "full"; left out: everything still due',
    ),
});

// ---- Answers ----

/** A package as the API shows it: the catalogue's facts and its payment plan (booking's rules). */
export const serviceSchema = packageFactsSchema
  .extend({
    paymentPlan: z
      .object({
        deposit: z
          .union([
            z.object({ percent: z.number().int().min(1).max(99) }).strict(),
            z.object({ perTraveller: z.number().describe("Dollars per traveller") }).strict(),
            z.null(),
          ])
          .describe(
            "The deposit that secures a booking: a percent of its total or dollars per traveller; null: the whole price at once",
          ),
        balanceDueDays: z.number().int().min(0).describe("The balance is due this many days before the departure"),
      })
      .strict(),
  })
  .strict();

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const travellerSchema = z
  .object({
    _id: z.string(),
    category: z.string().describe('The price category\'s _id ("adult" for a package without categories of its own)'),
    categoryName: z.string().describe("The category's name when booked"),
    name: z.string().nullable().describe("Full name; null: names to follow"),
    dateOfBirth: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable()
      .describe("YYYY-MM-DD"),
    idNumber: z
      .string()
      .nullable()
      .describe("NID, birth registration or passport number, always masked: only its last 4 characters"),
    checkedIn: z
      .union([z.literal("yes"), z.literal("no-show"), z.null()])
      .describe('Check-in on the departure day: "yes", "no-show", or null until then'),
  })
  .strict();

export const orderSchema = z
  .object({
    _id: z.string(),
    reference: z
      .string()
      .regex(/^TB-[2-9A-HJKMNP-Z]{6}$/)
      .describe('The booking\'s reference, what a person quotes ("TB-" and 6 letters and digits without 0, O, 1, I, L)'),
    firstName: z.string(),
    lastName: z.string(),
    streetAddress: z.string(),
    City: z.string(),
    townName: z.string(),
    district: z.string(),
    Postcode: z.string(),
    mobileNumber: z.string(),
    email: z.string(),
    Price: z
      .number()
      .describe("Dollars: each traveller's category price added up, less the promo code's discount, computed by the server"),
    discount: z.number().describe("Dollars taken off by the promo code (0 without one)"),
    promoCode: z.string().nullable().describe("The promo code ordered with (null: none)"),
    name: z.string().describe("The package's title"),
    quantity: z
      .number()
      .int()
      .min(MIN_QUANTITY)
      .max(MAX_QUANTITY)
      .describe("The seats taken: the travellers who take one (an infant on a lap takes none)"),
    packageType: z.string(),
    payment: paymentSchema.nullable().describe("The first card payment, or null"),
    payments: z.array(paymentRecordSchema).describe("Every payment of the order, oldest first"),
    paid: z.number().describe("Dollars: the payments added up"),
    balance: z.number().describe("Dollars: the price less what was paid (an unpaid order's balance is its whole price)"),
    balanceDue: z
      .string()
      .regex(ISO_DAY)
      .nullable()
      .describe("YYYY-MM-DD: the day the balance is due, while a balance is left on a booking paid by deposit; else null"),
    departure: z.string().nullable().describe("The departure's _id (null for a package without departures)"),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable()
      .describe("The travel date, YYYY-MM-DD"),
    status: z.enum(API_BOOKING_STATUSES).describe("The booking's status; a pending booking past its hold shows expired at once"),
    travellers: z.array(travellerSchema).describe("One per person, in the order entered"),
    channel: z
      .enum(["website", "reseller"])
      .describe("Where it was sold: on this website, or by a reseller through the OCTO API (paid to the agency by the reseller)"),
    reseller: z
      .object({ _id: z.string(), name: z.string() })
      .nullable()
      .describe("The reseller who sold it (null for the website)"),
    resellerReference: z.string().nullable().describe("The reseller's own reference of the booking (null for the website)"),
    invoiceNumber: z
      .string()
      .regex(/^INV-\d{4}-\d{6,}$/)
      .nullable()
      .describe('The booking\'s invoice number ("INV-2026-000001"), given with its first payment; null before'),
  })
  .strict();

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
    provider?: string | null;
    providerReference?: string | null;
    amountBdt?: number | null;
    rate?: { toString(): string } | null;
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
