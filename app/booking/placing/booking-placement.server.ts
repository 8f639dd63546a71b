// Orders: priced by the server, owned by their customer, soft-deleted.
import { cancelForDelete, type Actor, type CancellationOutcome } from "~/booking/cancelling/cancellation.server";
import { bookingActions } from "~/booking/core/booking-actions";
import { holdDeadline } from "~/booking/core/booking-status";
import { createBooking, findOrderIdByKey, findOrderSummary } from "~/booking/core/booking-store.server";
import { departureCategories, unitPriceCents } from "~/booking/core/departure-prices";
import { findDeparture, hasDepartures } from "~/booking/core/departure-store.server";
import { holdLimitMessage } from "~/booking/core/holds";
import { orderPlanTerms } from "~/booking/core/payment-plan";
import { isUsedUp, lateRefusal, type PromoRefusal } from "~/booking/core/promo-code-rules";
import { seatsOfferedTo } from "~/booking/core/waitlist-offer-store.server";
import { DEPARTURE_NEEDED, DEPARTURE_UNAVAILABLE, seatsLeft, seatsRefusal } from "~/booking/departures/departures";
import { bookingEmails } from "~/booking/placing/booking-emails";
import { planBooking } from "~/booking/placing/booking-travellers";
import type { CheckoutInput } from "~/booking/placing/checkout";
import { checkPromoCode } from "~/booking/promo-codes/promo-codes.server";
import { priceBooking } from "~/booking/travellers/travellers";
import type { PriceCategory } from "~/catalogue";
import { findPackageToOrder } from "~/catalogue/index.server";
import { agencyToday, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";
import { isPlausibleId } from "~/platform/ids";
import { deliverOutbox } from "~/platform/mail.server";
import { publicOrigin } from "~/platform/public-url.server";

/** A promo code refused: the reason on the checkout's promoCode field; a used-up code is a conflict. */
function promoError(refusal: PromoRefusal): BookingError {
  return new BookingError(isUsedUp(refusal.reason) ? "promo-used-up" : "promo", refusal.message, [
    { path: "promoCode", message: refusal.message },
  ]);
}

export class BookingError extends Error {
  constructor(
    readonly code:
      | "unknown-package"
      | "not-found"
      | "paid"
      | "closed"
      | "departure-needed"
      | "unknown-departure"
      | "departure-unavailable"
      | "seats"
      | "hold-limit"
      | "travellers"
      | "promo"
      | "promo-used-up",
    message: string,
    /** for "travellers": each error named as the forms and the API name the field (travellers[2].dateOfBirth) */
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/**
 * Creates the order from the checkout form (or POST /api/my-orders). The price is the sum of each
 * traveller's category price, from the database (planBooking); the same formKey always yields the
 * same order (double submit, refreshed POST). A package with departures is booked on one of them:
 * the seats of the travellers who take one are taken with the order and its travellers, in one
 * transaction, within the account's limits of seats held unpaid (HOLD_MAX_SEATS_*) and the share all
 * accounts together may hold (HOLD_MAX_SHARE_PER_DEPARTURE), and held for
 * BOOKING_HOLD_MINUTES, until the customer starts paying. The email's link to pay starts with PUBLIC_URL.
 */
export async function placeBooking(userId: string, input: CheckoutInput, { now = new Date() }: { now?: Date } = {}) {
  const idempotencyKey = `${userId}:${input.formKey}`;
  const existing = await findOrderIdByKey(idempotencyKey);
  if (existing) return existing;
  const tourPackage = await findPackageToOrder(input.service);
  if (!tourPackage) throw new BookingError("unknown-package", "This package is no longer available. Please choose another one.");
  const departure = input.departure ? await findDeparture(input.departure) : null;
  if (input.departure && departure?.serviceId !== tourPackage.id) {
    throw new BookingError("unknown-departure", "This date is not a departure of this package. Please choose another date.");
  }
  if (!departure && (await hasDepartures(tourPackage.id))) throw new BookingError("departure-needed", DEPARTURE_NEEDED);
  const today = agencyToday(now);
  const travelDate = departure ? isoDate(departure.startDate) : null;
  // The departure's prices as they are now are the booking's: a later change never reaches it.
  const priceCategories = departureCategories(tourPackage.priceCategories, departure);
  const booking = planBooking({ ...tourPackage, priceCategories }, input, { travelDate, today });
  if (!booking.ok) throw new BookingError("travellers", booking.message, booking.errors);
  // Already too few seats: refused without a transaction (a sold-out date under load stays cheap);
  // otherwise takeSeats decides, in the transaction. The seats a waitlist offer holds for the account count as its own.
  if (departure && departure.status === "OPEN" && seatsLeft(departure) < booking.seats) {
    const left = seatsLeft(departure) + (await seatsOfferedTo(userId, departure.id, now));
    if (left < booking.seats) throw new BookingError("seats", seatsRefusal(left));
  }
  // The discount is the server's, on the server's total; the code's uses are taken in the order's transaction.
  const promo = input.promoCode
    ? await checkPromoCode(input.promoCode, {
        userId,
        packageId: tourPackage.id,
        persons: booking.persons,
        travelDate,
        today,
        totalCents: booking.totalCents,
      })
    : null;
  if (promo && !promo.ok) throw promoError(promo);
  const discountCents = promo?.discountCents ?? 0;
  const priceCents = booking.totalCents - discountCents;
  // The package's payment plan as it is today: a later change of the plan never changes this order.
  const terms = orderPlanTerms(tourPackage, { priceCents, travellers: booking.travellers.length, travelDate }, today);
  const config = env();
  // Held briefly until the customer starts paying (payments.server.ts extends it then).
  const holdExpiresAt = departure ? holdDeadline(now, config.BOOKING_HOLD_MINUTES) : null;
  try {
    const created = await createBooking(
      {
        userId,
        serviceId: tourPackage.id,
        serviceTitle: tourPackage.title,
        unitPriceCents: unitPriceCents(tourPackage.costCents, priceCategories, departure),
        // the seats taken: an infant on a lap is a traveller, not a seat
        quantity: booking.seats,
        packageType: input.type,
        priceCents,
        discountCents,
        promoCodeId: promo?.promo.id ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        streetAddress: input.streetAddress,
        city: input.City || null,
        townName: input.townName,
        district: input.district,
        postcode: input.Postcode || null,
        mobileNumber: input.mobileNumber,
        email: input.email,
        idempotencyKey,
        departureId: departure?.id ?? null,
        travelDate: departure?.startDate ?? null,
        holdExpiresAt,
        depositCents: terms.depositCents,
        balanceDueDate: terms.balanceDueDate && new Date(`${terms.balanceDueDate}T00:00:00Z`),
      },
      {
        today,
        now,
        travellers: booking.travellers,
        promo: promo ? { id: promo.promo.id, maxPerCustomer: promo.promo.maxPerCustomer } : null,
        holdLimits: {
          perDeparture: config.HOLD_MAX_SEATS_PER_DEPARTURE,
          perAccount: config.HOLD_MAX_SEATS_PER_ACCOUNT,
          sharePerDeparture: config.HOLD_MAX_SHARE_PER_DEPARTURE,
        },
        emails: ({ id: orderId, reference }, accountEmail) =>
          bookingEmails(
            {
              orderId,
              reference,
              accountEmail,
              origin: publicOrigin(),
              title: tourPackage.title,
              travelDate,
              travellers: booking.travellers.map((traveller) => traveller.categoryName),
              priceCents,
              holdExpiresAt,
              customer: { name: `${input.firstName} ${input.lastName}`, email: input.email, mobileNumber: input.mobileNumber },
            },
            config.CONTACT_TO,
          ),
      },
    );
    if (!created.ok) {
      if (created.reason === "used-up" || created.reason === "used-by-customer" || created.reason === "inactive") {
        throw promoError(lateRefusal(created.reason, promo!.promo));
      }
      if (created.reason === "hold-limit") throw new BookingError("hold-limit", holdLimitMessage(created));
      if (created.reason === "not-enough") throw new BookingError("seats", seatsRefusal(created.seatsLeft));
      throw new BookingError("departure-unavailable", DEPARTURE_UNAVAILABLE);
    }
    void deliverOutbox().catch(() => 0);
    return { id: created.id };
  } catch (error) {
    // Two submits raced: the other one created it.
    if ((error as { code?: string }).code === "P2002") {
      const created = await findOrderIdByKey(idempotencyKey);
      if (created) return created;
    }
    throw error;
  }
}

/**
 * The departure an order of `quantity` persons would book, checked as placeBooking checks it (for
 * the checkout page of `userId`, whose waitlist offer's seats count as left): null for a package
 * without departures; BookingError when it cannot be booked.
 */
export async function departureToBook(
  packageId: string,
  departureId: string | null,
  quantity: number,
  { now = new Date(), userId }: { now?: Date; userId?: string } = {},
) {
  if (!departureId) {
    if (await hasDepartures(packageId)) throw new BookingError("departure-needed", DEPARTURE_NEEDED);
    return null;
  }
  const departure = isPlausibleId(departureId) ? await findDeparture(departureId) : null;
  if (departure?.serviceId !== packageId) {
    throw new BookingError("unknown-departure", "This date is not a departure of this package. Please choose another date.");
  }
  const date = isoDate(departure.startDate);
  if (departure.status !== "OPEN" || date <= agencyToday(now))
    throw new BookingError("departure-unavailable", DEPARTURE_UNAVAILABLE);
  const offered = userId && quantity > seatsLeft(departure) ? await seatsOfferedTo(userId, departure.id, now) : 0;
  const left = seatsLeft(departure) + offered;
  if (quantity > left) throw new BookingError("seats", seatsRefusal(left));
  return { id: departure.id, date, seatsLeft: left };
}

/**
 * The total the server would charge for these travellers per category id, to compare with the
 * {total} of /addCart/{total}: null for an unknown package, the refusal when the counts cannot be booked.
 * Priced at the departure's prices when it names one of the package's (departureToBook checks the rest).
 */
export async function quote(
  packageId: string,
  counts: (categories: readonly PriceCategory[]) => Record<string, number>,
  departureId?: string | null,
) {
  const found = await findPackageToOrder(packageId);
  if (!found) return null;
  const departure = departureId && isPlausibleId(departureId) ? await findDeparture(departureId) : null;
  const tourPackage =
    departure?.serviceId === found.id
      ? { ...found, priceCategories: departureCategories(found.priceCategories, departure) }
      : found;
  const wanted = counts(tourPackage.priceCategories);
  const priced = priceBooking(tourPackage.priceCategories, wanted);
  if (!priced.ok) return { tourPackage, counts: wanted, ...priced };
  return { tourPackage, counts: wanted, ...priced, totalCents: Math.round(priced.total * 100) };
}

/**
 * The order a delete would remove, checked as deleteBooking checks it: a customer (ownerId) only
 * their own unpaid live orders (bookingActions), an admin (ownerId undefined) any order. For the
 * confirmation step.
 */
export async function bookingToDelete(orderId: string, ownerId?: string, now = new Date()) {
  const order = await findOrderSummary(orderId, ownerId);
  if (!order) throw new BookingError("not-found", "This order does not exist.");
  if (ownerId && (order.paymentStatus === "PAID" || order.paymentStatus === "PARTLY_PAID")) {
    throw new BookingError("paid", "A paid order cannot be deleted. Please contact us to cancel it.");
  }
  const actions = bookingActions(order, now);
  if (ownerId && !actions.canDelete) {
    throw new BookingError("closed", `This booking cannot be deleted: ${actions.deleteHint}`);
  }
  return order;
}

/**
 * A delete: an unpaid order is cancelled (with history, its seats given back) and soft-deleted, the
 * row staying for the agency's records. A paid booking is never deleted: a customer is refused
 * (BookingError "paid"), an admin's delete cancels it with the package's policy refund instead.
 */
export async function deleteBooking(
  orderId: string,
  actor: Actor,
): Promise<{ deletedCount: number; cancellation: CancellationOutcome | null }> {
  await bookingToDelete(orderId, actor.isAdmin ? undefined : actor.id);
  const { deleted, cancellation } = await cancelForDelete(orderId, actor);
  return { deletedCount: deleted ? 1 : 0, cancellation };
}
