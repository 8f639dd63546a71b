// Bookings sold by another channel than the website: a reseller's, through the distribution module
// (app/distribution/). The same seats as the website's checkout, taken by the same conditional
// statement in the same kind of transaction (createBooking, takeSeats), held as long as a website
// hold and returned by the same sweep. A reseller's bookings belong to its account (a user whose
// address is never verified: no email is ever sent to it), are paid to the agency by the reseller
// (no card payment on the site) and follow the package's refund policy when cancelled: recorded,
// never refunded by card. This module knows a channel and a reseller's references, not OCTO.
import { findBooking, applyCancellation } from "~/booking/cancelling/cancellation-store.server";
import { decideCancellation } from "~/booking/cancelling/cancellation.server";
import { daysBefore, refundPercent, refundPolicyOf } from "~/booking/cancelling/refund-policy";
import {
  cancelChannelHold,
  type ChannelBookingRow,
  type ChannelDetails,
  confirmChannelRow,
  type ContactInput,
  extendChannelRow,
  findChannelRow,
  listChannelRows,
  writeChannelDetails,
} from "~/booking/channel/channel-booking-store.server";
import { ChannelError, type ChannelHoldRefusal, resellerLimits, type ResellerHoldLimits } from "~/booking/channel/channel-holds";
import { holdDeadline } from "~/booking/core/booking-status";
import { createBooking } from "~/booking/core/booking-store.server";
import { departureCategories, unitPriceCents } from "~/booking/core/departure-prices";
import { findDeparture } from "~/booking/core/departure-store.server";
import { seatsLeft } from "~/booking/departures/departures";
import { planChannelBooking } from "~/booking/placing/booking-travellers";
import { DEFAULT_CATEGORY_ID } from "~/catalogue";
import { findPackageToOrder } from "~/catalogue/index.server";
import { agencyToday, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";

export type { ChannelHoldRefusal };

type ChannelStatus = "PENDING" | "CONFIRMED" | "CANCELLED" | "COMPLETED" | "EXPIRED";

/** A reseller's booking as the distribution module reads it. */
export interface ChannelBooking {
  id: string;
  reference: string;
  externalId: string;
  resellerReference: string | null;
  notes: string | null;
  /** a hold past its deadline reads EXPIRED before the sweep gets to it */
  status: ChannelStatus;
  holdExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  confirmedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  /** the policy's percent when it was cancelled (confirmed bookings only) */
  refundPercent: number | null;
  /** whether the reseller may still cancel it */
  cancellable: boolean;
  packageId: string | null;
  departureId: string | null;
  /** YYYY-MM-DD */
  travelDate: string | null;
  contact: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
    country: string | null;
    /** the reseller's notes on the contact */
    notes: string | null;
  };
  travellers: {
    id: string;
    externalId: string | null;
    /** the reseller's reference of the traveller */
    resellerReference: string | null;
    categoryId: string;
    name: string | null;
    priceCents: number;
    checkedIn: boolean;
  }[];
  priceCents: number;
}

const orNull = (text: string | null) => (text && text.trim() !== "" ? text : null);

function channelBooking(row: ChannelBookingRow, now: Date): ChannelBooking {
  const overdue = row.bookingStatus === "PENDING" && row.holdExpiresAt !== null && row.holdExpiresAt <= now;
  const status: ChannelStatus = overdue ? "EXPIRED" : row.bookingStatus;
  const confirmed = row.statusChanges.find((change) => change.toStatus === "CONFIRMED");
  // Cancelled, or a hold its reseller ended before decision 0015 (EXPIRED by someone, not by the sweep).
  const ended = [...row.statusChanges]
    .reverse()
    .find(
      (change) =>
        change.toStatus === row.bookingStatus &&
        (change.toStatus === "CANCELLED" || (change.toStatus === "EXPIRED" && change.byUserId !== null)),
    );
  const travelDate = row.travelDate && isoDate(row.travelDate);
  const policy = refundPolicyOf(row.service?.refundPolicy ?? null);
  const percentOn = (day: string) => (travelDate ? refundPercent(policy, daysBefore(travelDate, day)) : 0);
  const today = agencyToday(now);
  return {
    id: row.id,
    reference: row.reference,
    externalId: row.octoUuid ?? row.id,
    resellerReference: row.resellerReference,
    notes: row.resellerNotes,
    status,
    holdExpiresAt: status === "PENDING" ? row.holdExpiresAt : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    confirmedAt: confirmed?.createdAt ?? null,
    cancelledAt: ended?.createdAt ?? null,
    cancelReason: ended?.reason ?? null,
    // A departure the agency cancelled is credited in full, as the website's bookings are refunded.
    refundPercent:
      ended && confirmed ? (row.departure?.status === "CANCELLED" ? 100 : percentOn(agencyToday(ended.createdAt))) : null,
    cancellable: status === "PENDING" || (status === "CONFIRMED" && travelDate !== null && travelDate > today),
    packageId: row.serviceId,
    departureId: row.departureId,
    travelDate,
    contact: {
      firstName: orNull(row.firstName),
      lastName: orNull(row.lastName),
      email: orNull(row.email),
      phone: orNull(row.mobileNumber),
      country: row.firstName || row.lastName ? orNull(row.country) : null,
      notes: row.resellerContactNotes,
    },
    travellers: row.travellers.map((traveller) => ({
      id: traveller.id,
      externalId: traveller.resellerItemId,
      resellerReference: traveller.resellerReference,
      categoryId: traveller.categoryId ?? DEFAULT_CATEGORY_ID,
      name: traveller.name,
      priceCents: traveller.priceCents,
      checkedIn: traveller.checkInAt !== null,
    })),
    priceCents: row.priceCents,
  };
}

/** The reseller's booking with its own id; null when the reseller has none (another's is none). */
export async function findChannelBooking(
  resellerId: string,
  externalId: string,
  now = new Date(),
): Promise<ChannelBooking | null> {
  const row = await findChannelRow(resellerId, externalId);
  return row && channelBooking(row, now);
}

/** The reseller's bookings by its reference, ours (TB-…) or travel dates (YYYY-MM-DD), newest first. */
export async function listChannelBookings(
  resellerId: string,
  filter: { resellerReference?: string; reference?: string; from?: string; to?: string },
  now = new Date(),
  limit = 500,
): Promise<ChannelBooking[]> {
  const rows = await listChannelRows(resellerId, filter, limit);
  return rows.map((row) => channelBooking(row, now));
}

/**
 * When a reseller's hold runs out: `minutes` from now (BOOKING_HOLD_MINUTES when not given), never
 * past RESELLER_HOLD_MAX_MINUTES after the hold was made, however often it is extended, so that a
 * key cannot keep seats from everyone else by renewing them.
 */
function channelHoldDeadline(createdAt: Date, minutes: number | undefined, now: Date): Date {
  const config = env();
  const asked = holdDeadline(now, minutes ?? config.BOOKING_HOLD_MINUTES);
  const latest = holdDeadline(createdAt, config.RESELLER_HOLD_MAX_MINUTES);
  return asked < latest ? asked : latest;
}

/**
 * A reseller's hold on a departure: one traveller per item (its category, its id at the reseller),
 * the seats taken with the same statement and transaction as a website booking, held for
 * `holdMinutes` (BOOKING_HOLD_MINUTES when not given). The same `externalId` of the same reseller
 * always answers the same booking, never a second hold.
 */
export async function placeChannelHold(
  input: {
    resellerId: string;
    externalId: string;
    resellerReference: string | null;
    notes: string | null;
    packageId: string;
    departureId: string;
    /** each traveller: its category, its id and (null: none) its reference at the reseller */
    items: { categoryId: string; itemId: string; reference: string | null }[];
    holdMinutes?: number;
    /** the seats the reseller's holds may keep: checked in the transaction that takes them */
    holdLimits: ResellerHoldLimits;
    /** the reseller's account, which holds its bookings (distribution makes it on the first that gets this far) */
    account: () => Promise<string>;
  },
  now = new Date(),
): Promise<{ ok: true; booking: ChannelBooking } | ({ ok: false } & ChannelHoldRefusal)> {
  const existing = await findChannelBooking(input.resellerId, input.externalId, now);
  if (existing) return { ok: true, booking: existing };
  const tourPackage = await findPackageToOrder(input.packageId);
  if (!tourPackage) return { ok: false, reason: "unknown-package" };
  const departure = await findDeparture(input.departureId);
  if (departure?.serviceId !== tourPackage.id) return { ok: false, reason: "unknown-departure" };
  // Priced as a website booking of the departure now (its own prices, if any).
  const categories = departureCategories(tourPackage.priceCategories, departure);
  const plan = planChannelBooking(categories, input.items);
  if (!plan.ok) {
    return plan.unknown !== null
      ? { ok: false, reason: "unknown-category", categoryId: plan.unknown }
      : { ok: false, reason: "travellers", message: plan.message };
  }
  // Already too few seats: refused without a transaction, as the website's (placeBooking); otherwise
  // takeSeats decides, in the transaction.
  if (departure.status === "OPEN" && seatsLeft(departure) < plan.seats) {
    const made = await findChannelBooking(input.resellerId, input.externalId, now);
    return made ? { ok: true, booking: made } : { ok: false, reason: "seats", seatsLeft: seatsLeft(departure) };
  }
  const userId = await input.account();
  const today = agencyToday(now);
  try {
    const created = await createBooking(
      {
        userId,
        serviceId: tourPackage.id,
        serviceTitle: tourPackage.title,
        unitPriceCents: unitPriceCents(tourPackage.costCents, categories, departure),
        quantity: plan.seats,
        packageType: "group",
        priceCents: plan.totalCents,
        firstName: "",
        lastName: "",
        streetAddress: "",
        townName: "",
        district: "",
        mobileNumber: "",
        email: "",
        departureId: departure.id,
        travelDate: departure.startDate,
        createdAt: now,
        holdExpiresAt: channelHoldDeadline(now, input.holdMinutes, now),
        channel: "RESELLER",
        resellerId: input.resellerId,
        octoUuid: input.externalId,
        resellerReference: input.resellerReference,
        resellerNotes: input.notes,
      },
      // The reseller's account is limited by the reseller's own caps, and is never emailed.
      { today, now, travellers: plan.travellers, holdLimits: resellerLimits(input.holdLimits), emails: () => [] },
    );
    if (!created.ok) {
      // The same hold asked for twice at once: the other one made it first (and took the seats).
      const made = await findChannelBooking(input.resellerId, input.externalId, now);
      if (made) return { ok: true, booking: made };
      if (created.reason === "not-enough") return { ok: false, reason: "seats", seatsLeft: created.seatsLeft };
      if (created.reason === "hold-limit")
        return { ok: false, reason: "hold-limit", scope: created.scope, max: created.max, held: created.held };
      if (created.reason === "not-open" || created.reason === "past") return { ok: false, reason: created.reason };
      return { ok: false, reason: "unknown-departure" };
    }
  } catch (error) {
    // The same hold asked for twice at once: the other one made it.
    if ((error as { code?: string }).code !== "P2002") throw error;
  }
  const booking = await findChannelBooking(input.resellerId, input.externalId, now);
  if (!booking) throw new Error("The hold was not recorded.");
  return { ok: true, booking };
}

export type ChannelOutcome =
  | { ok: true; booking: ChannelBooking }
  | { ok: false; reason: "not-found" | "expired" | "not-allowed"; booking?: ChannelBooking }
  | { ok: false; reason: "refused"; refusal: ChannelHoldRefusal };

/** Runs a change; a refusal of the new travellers rolls it back and answers why. */
async function refusing(change: () => Promise<ChannelOutcome>): Promise<ChannelOutcome> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof ChannelError) return { ok: false, reason: "refused", refusal: error.refusal };
    throw error;
  }
}

/**
 * The package's categories at the departure's prices now (the departure it moves to, if it does),
 * when the travellers are given again (null: none, or no such package): travellers the reseller
 * changes are priced as a website booking would be.
 */
async function categoriesFor(booking: ChannelBooking, details: ChannelDetails) {
  if (!details.items?.length || !booking.packageId) return null;
  const categories = (await findPackageToOrder(booking.packageId))?.priceCategories;
  if (!categories) return null;
  const departureId = details.departureId ?? booking.departureId;
  return departureCategories(categories, departureId ? await findDeparture(departureId) : null);
}

/**
 * Confirms the reseller's hold: the contact becomes the booking's, the names its travellers', the
 * booking CONFIRMED with its seats kept (paid to the agency by the reseller). A confirmed booking
 * confirmed again only takes the new details. An expired hold cannot be confirmed.
 */
async function confirmHold(
  resellerId: string,
  externalId: string,
  details: ChannelDetails & { contact: ContactInput },
  now = new Date(),
): Promise<ChannelOutcome> {
  const before = await findChannelBooking(resellerId, externalId, now);
  if (!before) return { ok: false, reason: "not-found" };
  if (before.status === "EXPIRED") return { ok: false, reason: "expired", booking: before };
  if (before.status !== "PENDING" && before.status !== "CONFIRMED") return { ok: false, reason: "not-allowed", booking: before };
  const categories = await categoriesFor(before, details);
  const done = await confirmChannelRow(before.id, before.status === "PENDING", details, now, categories);
  const after = (await findChannelBooking(resellerId, externalId, now))!;
  return done ? { ok: true, booking: after } : { ok: false, reason: "expired", booking: after };
}

/**
 * Holds the reseller's pending booking `minutes` more from now (never less than it had, never past
 * RESELLER_HOLD_MAX_MINUTES from its creation: asking for more gets that).
 */
export async function extendChannelHold(
  resellerId: string,
  externalId: string,
  minutes: number | undefined,
  now = new Date(),
): Promise<ChannelOutcome> {
  const before = await findChannelBooking(resellerId, externalId, now);
  if (!before) return { ok: false, reason: "not-found" };
  if (before.status === "EXPIRED") return { ok: false, reason: "expired", booking: before };
  if (before.status !== "PENDING") return { ok: false, reason: "not-allowed", booking: before };
  const until = channelHoldDeadline(before.createdAt, minutes, now);
  const count = await extendChannelRow(before.id, until, now);
  const after = (await findChannelBooking(resellerId, externalId, now))!;
  if (count === 0 && after.status !== "PENDING") return { ok: false, reason: "expired", booking: after };
  return { ok: true, booking: after };
}

/** The reseller's contact, names, reference or notes of a live booking. */
async function updateDetails(
  resellerId: string,
  externalId: string,
  details: ChannelDetails,
  now = new Date(),
): Promise<ChannelOutcome> {
  const before = await findChannelBooking(resellerId, externalId, now);
  if (!before) return { ok: false, reason: "not-found" };
  if (before.status !== "PENDING" && before.status !== "CONFIRMED") return { ok: false, reason: "not-allowed", booking: before };
  const categories = await categoriesFor(before, details);
  await writeChannelDetails(before.id, details, now, categories);
  return { ok: true, booking: (await findChannelBooking(resellerId, externalId, now))! };
}

/**
 * The reseller cancels: a hold is cancelled at once (nothing was owed; seats back); a confirmed booking is cancelled
 * under the package's refund policy before its departure (decideCancellation, as its owner), the
 * refund recorded as the policy's percent (the reseller settles it; nothing is refunded by card),
 * its seats given back. Cancelling a cancelled or expired booking again answers it as it is.
 */
export async function cancelChannelBooking(
  resellerId: string,
  externalId: string,
  reason: string | null,
  now = new Date(),
): Promise<ChannelOutcome> {
  const before = await findChannelBooking(resellerId, externalId, now);
  if (!before) return { ok: false, reason: "not-found" };
  if (before.status === "CANCELLED" || before.status === "EXPIRED") return { ok: true, booking: before };
  const why = reason?.trim() || "Cancelled by the reseller";
  if (before.status === "PENDING") {
    await cancelChannelHold(before.id, why);
    return { ok: true, booking: (await findChannelBooking(resellerId, externalId, now))! };
  }
  const order = await findBooking(before.id, undefined);
  if (!order) return { ok: false, reason: "not-found" };
  try {
    decideCancellation(order, { id: order.userId, isAdmin: false }, {}, now);
  } catch {
    return { ok: false, reason: "not-allowed", booking: before };
  }
  await applyCancellation(order.id, { from: ["CONFIRMED"], refunds: [], byUserId: order.userId, reason: why, emails: [] });
  return { ok: true, booking: (await findChannelBooking(resellerId, externalId, now))! };
}

export const confirmChannelBooking = (...args: Parameters<typeof confirmHold>) => refusing(() => confirmHold(...args));
export const updateChannelBooking = (...args: Parameters<typeof updateDetails>) => refusing(() => updateDetails(...args));
