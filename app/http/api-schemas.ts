// The JSON API's contract as zod schemas: the bodies the /api handlers validate (readBody in
// app/http/api.server.ts) and the shapes of their answers (the presenters of app/http/api-json.ts).
// app/http/openapi.ts turns exactly these into the OpenAPI document.
import { z } from "zod";
import {
  API_BOOKING_STATUSES,
  cancellationReason,
  checkoutSchema,
  departureSeats,
  hasCents,
  guideEmail,
  MAX_QUANTITY,
  MIN_QUANTITY,
  PAYMENT_PARTS,
  promoCodeInputSchema as promoCodeInput,
  promoCodePatchSchema as promoCodePatch,
  refundAmount,
} from "~/booking";
import { packageFactsSchema } from "~/catalogue";
import { paymentRecordSchema, paymentSchema, refundSchema } from "~/payments";
import { EMAIL_MAX_LENGTH, ignored, ONE_TIME_KEY, optional, reference, withDefault } from "~/platform/fields";
import { cursorParam, limitParam } from "~/platform/paging";

// ---- Request bodies (and parameters) ----

/** The checkout's fields, without its form key, with the original site's Price (checked, never trusted). */
export const orderInputSchema = checkoutSchema.extend({
  formKey: optional(checkoutSchema.shape.formKey),
  Price: optional(z.coerce.number()).describe(
    "Optional: refused with 400 when it differs from the server's price (before any promo code's discount)",
  ),
  quantity: withDefault(checkoutSchema.shape.quantity, 1),
});

export { departureSchema as departureInputSchema } from "~/booking";

/** POST /api/departures/{id}/check-in (guides and administrators). */
export const checkInInputSchema = z.object({
  traveller: z
    .string({ required_error: "traveller is required.", invalid_type_error: "traveller must be a traveller's _id." })
    .trim()
    .min(1, "traveller is required.")
    .max(64, "traveller must be a traveller's _id."),
  checkedIn: z
    .union([z.enum(["yes", "no-show"]), z.null()], {
      errorMap: () => ({ message: 'checkedIn must be "yes", "no-show" or null.' }),
    })
    .describe("null takes a check-in or no-show back"),
});

const checkedIn = z.union([z.enum(["yes", "no-show"]), z.null()]).describe('"yes": checked in; "no-show"; null: not yet');

export const checkInSchema = z.object({ traveller: z.string(), checkedIn }).strict();

/** GET /api/departures/{id}/manifest: one traveller of the departure's live bookings. */
export const manifestEntrySchema = z
  .object({
    order: z.string().describe("The order's _id"),
    reference: z.string().describe('The booking reference ("TB-7K3P9Q")'),
    traveller: z.string().describe("The traveller's _id (for check-in)"),
    name: z.string().nullable().describe("null: name to follow"),
    category: z.string().describe('The price category\'s _id ("adult" for a package without categories)'),
    categoryName: z.string(),
    age: z.number().int().nullable().describe("At the travel date; null without a date of birth"),
    mobileNumber: z.string().describe("The booker's"),
    checkedIn,
  })
  .strict();

/** PATCH /api/departures/{id}: one change at a time. */
export const departurePatchSchema = z
  .object({
    status: z
      .enum(["open", "closed", "cancelled"], { errorMap: () => ({ message: 'status must be "open", "closed" or "cancelled".' }) })
      .optional()
      .describe("cancelled also cancels and refunds the departure's bookings"),
    seats: departureSeats.optional().describe("Never below the seats sold (409)"),
    guide: guideEmail
      .nullable()
      .optional()
      .describe("The email of the guide's account (a user with the guide role; 400 otherwise), or null for none"),
  })
  .refine((patch) => [patch.status, patch.seats, patch.guide].filter((value) => value !== undefined).length === 1, {
    message: "Send one of status, seats or guide.",
    path: ["status"],
  });

export const idempotencyKey = z.string().regex(ONE_TIME_KEY).optional().describe("Retries with the same key create one order");

/** The paging parameters of every API list (app/platform/paging.ts). */
export const pageQuerySchema = z.object({ limit: limitParam(), cursor: cursorParam });

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

export const errorSchema = z
  .object({ error: z.string().min(1), details: z.record(z.array(z.string()).min(1)).optional() })
  .strict();

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

export const departureRecordSchema = z
  .object({
    _id: z.string(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .describe("YYYY-MM-DD"),
    seats: z.number().int(),
    seatsLeft: z.number().int().min(0),
    status: z.enum(["open", "closed", "cancelled"]),
    guide: z
      .object({
        name: z.string(),
        phone: z.string().nullable().describe("As the guide typed it on their profile; null when not given"),
      })
      .nullable()
      .optional()
      .describe("Administrators and guides only: who runs the departure, null when no guide is assigned"),
  })
  .strict();

/** POST /api/promo-codes (administrators): the same rules as the dashboard's form. */
export const promoCodeInputSchema = promoCodeInput;
/** PATCH /api/promo-codes/{code}: the fields to change, checked with the code's others as a whole. */
export const promoCodePatchSchema = promoCodePatch;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe("YYYY-MM-DD");

export const promoCodeSchema = z
  .object({
    _id: z.string(),
    code: z.string().describe("Upper case; customers may type it in any case"),
    percentOff: z.number().int().min(1).max(100).nullable().describe("Percent off the total (null: an amount off)"),
    amountOff: z.number().nullable().describe("Dollars off the total (null: a percent off)"),
    validFrom: isoDay.describe("The first day an order can use it"),
    validUntil: isoDay.describe("The last day an order can use it"),
    travelFrom: isoDay.nullable().describe("Only trips on or after this date (null: any)"),
    travelUntil: isoDay.nullable().describe("Only trips on or before this date (null: any)"),
    maxRedemptions: z.number().int().nullable().describe("Orders that can use it in all (null: no limit)"),
    maxPerCustomer: z.number().int().nullable().describe("Orders one customer can use it for (null: no limit)"),
    packages: z.array(z.string()).describe("The packages' _id it is for (empty: every package)"),
    minTravellers: z.number().int().nullable().describe("Travellers a booking needs (null: any number)"),
    active: z.boolean(),
    redemptions: z
      .number()
      .int()
      .min(0)
      .describe("Read-only: orders holding it (an order expired or cancelled unpaid gives its use back)"),
  })
  .strict();

export const insertedIdSchema = z.object({ insertedId: z.string() }).strict();
export const deletedCountSchema = z.object({ deletedCount: z.number().int().min(0) }).strict();

export const cancellationSchema = z
  .object({
    status: z.literal("cancelled"),
    refund: refundSchema.nullable().describe("null when nothing was refunded (an unpaid booking, or no refund due)"),
  })
  .strict();

/** DELETE /api/my-orders/{id}: an admin's delete of a paid booking cancels it instead (deletedCount 0). */
export const deleteOrderResultSchema = deletedCountSchema
  .extend({ status: cancellationSchema.shape.status.optional(), refund: cancellationSchema.shape.refund.optional() })
  .strict();

export const modifiedCountSchema = z.object({ modifiedCount: z.number().int().min(0) }).strict();
/** An admin may choose the refund (dollars, at most what was paid less what was refunded); otherwise the package's policy decides. */
export const cancelInputSchema = z.object({
  amount: refundAmount("amount").describe("Administrators only: the refund in dollars (default: the package's refund policy)"),
  reason: cancellationReason("reason").describe("Administrators only: why, for the history and the email"),
});

// ---- Offline payments and payment claims ----

const offlineAmount = z
  .number({ required_error: "amount is required: dollars", invalid_type_error: "amount must be a number of dollars." })
  .min(0.01, "amount must be at least 0.01 dollars.")
  .max(10_000_000, "amount is too large.")
  .refine(hasCents, "amount can have at most two decimals (cents).")
  .describe("Dollars with at most two decimals (cents), at most the order's balance");
const offlineReference = z
  .string({ required_error: "reference is required: the transaction id or receipt number" })
  .trim()
  .min(1, "reference is required: the transaction id or receipt number")
  .max(100, "reference can be at most 100 characters.")
  .regex(/^[\p{L}\p{N} ._/#-]+$/u, "reference may hold letters, digits, spaces and . _ / # - only.");

/** POST /api/my-orders/{id}/payments (administrators): money received outside the card provider. */
export const offlinePaymentInputSchema = z.object({
  amount: offlineAmount,
  method: z.enum(["bkash", "nagad", "bank", "cash"], {
    errorMap: () => ({ message: 'method must be "bkash", "nagad", "bank" or "cash".' }),
  }),
  reference: offlineReference.describe("The bKash/Nagad transaction id, or the bank or cash receipt number: each recorded once"),
});

/** POST /api/my-orders/{id}/payment-claims (the order's owner): a bKash/Nagad payment to verify. */
export const paymentClaimInputSchema = z.object({
  method: z.enum(["bkash", "nagad"], { errorMap: () => ({ message: 'method must be "bkash" or "nagad".' }) }),
  amount: offlineAmount,
  reference: offlineReference.describe("The bKash/Nagad transaction id (TrxID)"),
});

const PAYMENT_CLAIM_STATUSES = ["pending", "accepted", "rejected"] as const;

export const paymentClaimsQuerySchema = z.object({
  status: z
    .enum(PAYMENT_CLAIM_STATUSES, { errorMap: () => ({ message: 'status must be "pending", "accepted" or "rejected".' }) })
    .default("pending"),
});

/** PATCH /api/payment-claims/{id} (administrators). */
export const paymentClaimDecisionSchema = z.object({
  status: z.enum(["accepted", "rejected"], { errorMap: () => ({ message: 'status must be "accepted" or "rejected".' }) }),
  reason: z
    .string()
    .trim()
    .max(500, "reason can be at most 500 characters.")
    .optional()
    .describe("Required to reject: the customer reads it"),
});

export const paymentClaimSchema = z
  .object({
    _id: z.string(),
    order: z.string().describe("The order's _id"),
    orderReference: z.string(),
    customer: z.string(),
    method: z.enum(["bkash", "nagad"]),
    amount: z.number().describe("Dollars"),
    reference: z.string(),
    status: z.enum(PAYMENT_CLAIM_STATUSES),
    reason: z.string().nullable().describe("Why it was rejected"),
    created: z.number().int().describe("Unix time (seconds)"),
  })
  .strict();
