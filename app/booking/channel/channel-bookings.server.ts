// Bookings sold by another channel than the website: a reseller's, through the distribution module
// (app/distribution/). The same seats as the website's checkout, taken by the same conditional
// statement in the same kind of transaction (createBooking, takeSeats), held as long as a website
// hold and returned by the same sweep. A reseller's bookings belong to its account (a user whose
// address is never verified: no email is ever sent to it), are paid to the agency by the reseller
// (no card payment on the site) and follow the package's refund policy when cancelled: recorded,
// never refunded by card. This module knows a channel and a reseller's references, not OCTO.
import { randomUUID } from "node:crypto";
import { resellerAccountEmail } from "~/accounts";
import { findBooking, applyCancellation } from "~/booking/cancelling/cancellation-store.server";
import { decideCancellation } from "~/booking/cancelling/cancellation.server";
import { daysBefore, refundPercent, refundPolicyOf } from "~/booking/cancelling/refund-policy";
import { holdDeadline } from "~/booking/core/booking-status";
import { changeBookingStatus } from "~/booking/core/booking-status-store.server";
import { createBooking } from "~/booking/core/booking-store.server";
import { findDeparture, releaseSeats, takeSeats } from "~/booking/core/departure-store.server";
import { holdLimitRefusal, type HoldLimits, lockAccount } from "~/booking/core/hold-store.server";
import type { HoldRefusal } from "~/booking/core/holds";
import { seatsLeft } from "~/booking/departures/departures";
import { planChannelBooking } from "~/booking/placing/booking-travellers";
import { ageMismatch } from "~/booking/travellers/travellers";
import { DEFAULT_CATEGORY_ID, type PriceCategory } from "~/catalogue";
import { findPackageToOrder } from "~/catalogue/index.server";
import type { Prisma } from "~/generated/prisma/client";
import { agencyToday, isoDate } from "~/platform/dates";
import { db } from "~/platform/db.server";
import { env } from "~/platform/env.server";

/**
 * The reseller's account, made on its first booking (the same user for every booking after): a
 * system account (app/accounts/system-accounts.ts) that never signs in. An ordinary account that
 * somehow holds the address (registered before it was reserved) is never adopted: the reseller's
 * account then gets an address of its own.
 */
async function resellerAccount(resellerId: string): Promise<string> {
  const prisma = await db();
  const found = await prisma.reseller.findUnique({ where: { id: resellerId }, select: { userId: true, name: true } });
  if (!found) throw new Error("No such reseller.");
  if (found.userId) return found.userId;
  return prisma.$transaction(async (tx) => {
    const account = { displayName: `${found.name} (reseller)`, role: "CUSTOMER" as const, systemAccount: true };
    let email = resellerAccountEmail(resellerId);
    // Two first bookings at once: one row, made by whichever comes first.
    await tx.user.createMany({ data: [{ email, ...account }], skipDuplicates: true });
    let user = await tx.user.findUniqueOrThrow({ where: { email }, select: { id: true, systemAccount: true } });
    if (!user.systemAccount) {
      email = resellerAccountEmail(resellerId, randomUUID().slice(0, 8));
      user = await tx.user.create({ data: { email, ...account }, select: { id: true, systemAccount: true } });
    }
    await tx.reseller.updateMany({ where: { id: resellerId, userId: null }, data: { userId: user.id } });
    const linked = await tx.reseller.findUniqueOrThrow({ where: { id: resellerId }, select: { userId: true } });
    return linked.userId ?? user.id;
  });
}

const channelBookingSelect = {
  id: true,
  reference: true,
  octoUuid: true,
  resellerReference: true,
  resellerNotes: true,
  resellerContactNotes: true,
  bookingStatus: true,
  holdExpiresAt: true,
  createdAt: true,
  updatedAt: true,
  serviceId: true,
  departureId: true,
  travelDate: true,
  firstName: true,
  lastName: true,
  email: true,
  mobileNumber: true,
  country: true,
  priceCents: true,
  service: { select: { refundPolicy: true } },
  departure: { select: { status: true } },
  travellers: {
    orderBy: { position: "asc" },
    select: {
      id: true,
      position: true,
      categoryId: true,
      priceCents: true,
      name: true,
      resellerItemId: true,
      resellerReference: true,
      checkInAt: true,
    },
  },
  statusChanges: { orderBy: { createdAt: "asc" }, select: { toStatus: true, reason: true, createdAt: true, byUserId: true } },
} as const satisfies Prisma.OrderSelect;

type Row = Prisma.OrderGetPayload<{ select: typeof channelBookingSelect }>;

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

function channelBooking(row: Row, now: Date): ChannelBooking {
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

async function findRow(resellerId: string, externalId: string) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { resellerId, octoUuid: externalId, channel: "RESELLER" },
    select: channelBookingSelect,
  });
}

/** The reseller's booking with its own id; null when the reseller has none (another's is none). */
export async function findChannelBooking(
  resellerId: string,
  externalId: string,
  now = new Date(),
): Promise<ChannelBooking | null> {
  const row = await findRow(resellerId, externalId);
  return row && channelBooking(row, now);
}

/** The reseller's bookings by its reference, ours (TB-…) or travel dates (YYYY-MM-DD), newest first. */
export async function listChannelBookings(
  resellerId: string,
  filter: { resellerReference?: string; reference?: string; from?: string; to?: string },
  now = new Date(),
  limit = 500,
): Promise<ChannelBooking[]> {
  const prisma = await db();
  const rows = await prisma.order.findMany({
    where: {
      resellerId,
      channel: "RESELLER",
      ...(filter.resellerReference !== undefined ? { resellerReference: filter.resellerReference } : {}),
      ...(filter.reference !== undefined ? { reference: filter.reference } : {}),
      ...(filter.from !== undefined || filter.to !== undefined
        ? {
            travelDate: {
              ...(filter.from !== undefined ? { gte: new Date(`${filter.from}T00:00:00Z`) } : {}),
              ...(filter.to !== undefined ? { lte: new Date(`${filter.to}T00:00:00Z`) } : {}),
            },
          }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: channelBookingSelect,
  });
  return rows.map((row) => channelBooking(row, now));
}

export type ChannelHoldRefusal =
  | { reason: "unknown-package" | "unknown-departure" | "not-open" | "past" }
  | { reason: "unknown-category"; categoryId: string }
  | { reason: "travellers"; message: string }
  | { reason: "seats"; seatsLeft: number }
  /** the traveller at `position`, whose date of birth is known, is not of the category's ages */
  | { reason: "age"; position: number; categoryId: string; message: string }
  | HoldRefusal;

/** A reseller's own caps (Reseller.maxHeldSeatsPerDeparture, maxHeldSeats). */
type ResellerHoldLimits = Pick<HoldLimits, "perDeparture" | "perAccount">;

/** The website's share of a date counts the website's holds alone: a reseller's holds are capped by its own caps. */
const resellerLimits = (limits: ResellerHoldLimits): HoldLimits => ({ ...limits, sharePerDeparture: 100 });

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
  },
  now = new Date(),
): Promise<{ ok: true; booking: ChannelBooking } | ({ ok: false } & ChannelHoldRefusal)> {
  const existing = await findChannelBooking(input.resellerId, input.externalId, now);
  if (existing) return { ok: true, booking: existing };
  const tourPackage = await findPackageToOrder(input.packageId);
  if (!tourPackage) return { ok: false, reason: "unknown-package" };
  const departure = await findDeparture(input.departureId);
  if (departure?.serviceId !== tourPackage.id) return { ok: false, reason: "unknown-departure" };
  const plan = planChannelBooking(tourPackage.priceCategories, input.items);
  if (!plan.ok) {
    return plan.unknown !== null
      ? { ok: false, reason: "unknown-category", categoryId: plan.unknown }
      : { ok: false, reason: "travellers", message: plan.message };
  }
  // Already too few seats: refused without a transaction, as the website's (placeOrder); otherwise
  // takeSeats decides, in the transaction.
  if (departure.status === "OPEN" && seatsLeft(departure) < plan.seats) {
    const made = await findChannelBooking(input.resellerId, input.externalId, now);
    return made ? { ok: true, booking: made } : { ok: false, reason: "seats", seatsLeft: seatsLeft(departure) };
  }
  const userId = await resellerAccount(input.resellerId);
  const today = agencyToday(now);
  try {
    const created = await createBooking(
      {
        userId,
        serviceId: tourPackage.id,
        serviceTitle: tourPackage.title,
        unitPriceCents: tourPackage.costCents,
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

interface ContactInput {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  country: string | null;
  notes: string | null;
}

/** The contact and the travellers' names (by position), written on the order. */
function contactData(contact: ContactInput | undefined) {
  if (!contact) return {};
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email ?? "",
    mobileNumber: contact.phone ?? "",
    ...(contact.country ? { country: contact.country } : {}),
    resellerContactNotes: contact.notes,
  };
}

/**
 * A traveller the reseller names: its category, its id and reference at the reseller (null: keep,
 * or make an id), its name.
 */
interface ChannelItem {
  categoryId: string;
  itemId: string | null;
  reference: string | null;
  name: string | null;
}

interface ChannelDetails {
  /** the seats the reseller's holds may keep: a hold given more seats, or moved, is checked against them */
  holdLimits?: ResellerHoldLimits;
  contact?: ContactInput;
  items?: ChannelItem[];
  resellerReference?: string;
  notes?: string | null;
  /** another departure of the booking's package: its seats move there */
  departureId?: string;
}

/**
 * The travellers as the reseller now gives them. The same categories in the same order: their
 * names (and ids) only. Others: the booking is planned again from the package's categories, its
 * seats given back and the new ones taken in the same transaction (the same statement as every
 * booking's), its price and travellers replaced; false when the seats are not there (nothing changes).
 */
async function writeTravellers(
  tx: Prisma.TransactionClient,
  orderId: string,
  items: ChannelItem[],
  now: Date,
  categories: readonly PriceCategory[] | null,
): Promise<boolean> {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      serviceId: true,
      departureId: true,
      travelDate: true,
      quantity: true,
      travellers: {
        orderBy: { position: "asc" },
        select: { categoryId: true, resellerItemId: true, name: true, dateOfBirth: true, idNumber: true },
      },
    },
  });
  const current = order.travellers.map((traveller) => traveller.categoryId ?? DEFAULT_CATEGORY_ID);
  if (current.length === items.length && current.every((id, index) => id === items[index].categoryId)) {
    for (const [position, item] of items.entries()) {
      const data = {
        ...(item.name ? { name: item.name } : {}),
        ...(item.itemId ? { resellerItemId: item.itemId } : {}),
        ...(item.reference !== null ? { resellerReference: item.reference } : {}),
      };
      if (Object.keys(data).length > 0) await tx.traveller.updateMany({ where: { orderId, position }, data });
    }
    return true;
  }
  if (!categories) throw new ChannelError({ reason: "unknown-package" });
  const plan = planChannelBooking(
    categories,
    items.map((item) => ({ categoryId: item.categoryId, itemId: item.itemId ?? randomUUID(), reference: item.reference })),
  );
  if (!plan.ok) {
    throw new ChannelError(
      plan.unknown !== null
        ? { reason: "unknown-category", categoryId: plan.unknown }
        : { reason: "travellers", message: plan.message },
    );
  }
  if (order.departureId) {
    await releaseSeats(tx, order.departureId, order.quantity);
    const taken = await takeSeats(tx, order.departureId, plan.seats, agencyToday(now));
    if (!taken.ok) {
      throw new ChannelError(
        taken.reason === "not-enough"
          ? { reason: "seats", seatsLeft: taken.seatsLeft }
          : { reason: taken.reason === "not-found" ? "unknown-departure" : taken.reason },
      );
    }
  }
  // A traveller already known (by the reseller's id of it, else by position) keeps their date of
  // birth and ID number; priced in another category, their known age must fit it.
  const known = items.map((item, position) =>
    item.itemId ? order.travellers.find((traveller) => traveller.resellerItemId === item.itemId) : order.travellers[position],
  );
  for (const [position, traveller] of known.entries()) {
    const category = categories.find((one) => one.id === items[position].categoryId);
    const born = traveller?.dateOfBirth;
    const mismatch =
      born && category && order.travelDate ? ageMismatch(isoDate(born), category, isoDate(order.travelDate)) : null;
    if (mismatch) throw new ChannelError({ reason: "age", position, categoryId: items[position].categoryId, message: mismatch });
  }
  await tx.traveller.deleteMany({ where: { orderId } });
  await tx.traveller.createMany({
    data: plan.travellers.map(({ dateOfBirth: _dateOfBirth, ...traveller }, position) => ({
      ...traveller,
      orderId,
      name: items[position].name ?? known[position]?.name ?? null,
      dateOfBirth: known[position]?.dateOfBirth ?? null,
      idNumber: known[position]?.idNumber ?? null,
    })),
  });
  await tx.order.update({ where: { id: orderId }, data: { quantity: plan.seats, priceCents: plan.totalCents } });
  return true;
}

/** The package's categories when the travellers are given again (null: none, or no such package). */
async function categoriesFor(booking: ChannelBooking, details: ChannelDetails) {
  if (!details.items?.length || !booking.packageId) return null;
  return (await findPackageToOrder(booking.packageId))?.priceCategories ?? null;
}

/** Why the reseller's new travellers were refused: the transaction rolls back, nothing changes. */
class ChannelError extends Error {
  constructor(readonly refusal: ChannelHoldRefusal) {
    super(refusal.reason);
  }
}

/**
 * Moves the booking to another departure of its package: its seats given back on the one and taken
 * on the other by the same statement as every booking's (refused, nothing changed, when they are not there).
 */
async function moveDeparture(tx: Prisma.TransactionClient, orderId: string, departureId: string, now: Date) {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { serviceId: true, departureId: true, quantity: true },
  });
  if (order.departureId === departureId) return;
  const target = await tx.departure.findUnique({ where: { id: departureId }, select: { serviceId: true, startDate: true } });
  if (!target || target.serviceId !== order.serviceId) throw new ChannelError({ reason: "unknown-departure" });
  if (order.departureId) await releaseSeats(tx, order.departureId, order.quantity);
  const taken = await takeSeats(tx, departureId, order.quantity, agencyToday(now));
  if (!taken.ok) {
    throw new ChannelError(
      taken.reason === "not-enough"
        ? { reason: "seats", seatsLeft: taken.seatsLeft }
        : { reason: taken.reason === "not-found" ? "unknown-departure" : taken.reason },
    );
  }
  await tx.order.update({ where: { id: orderId }, data: { departureId, travelDate: target.startDate } });
}

async function writeDetails(
  tx: Prisma.TransactionClient,
  orderId: string,
  details: ChannelDetails,
  now: Date,
  /** the package's categories, read before the transaction (the embedded database has one connection) */
  categories: readonly PriceCategory[] | null,
): Promise<boolean> {
  const reseats = details.departureId !== undefined || (details.items?.length ?? 0) > 0;
  const before = reseats && details.holdLimits ? await lockedHold(tx, orderId) : null;
  if (details.departureId !== undefined) await moveDeparture(tx, orderId, details.departureId, now);
  if (details.items && details.items.length > 0 && !(await writeTravellers(tx, orderId, details.items, now, categories)))
    return false;
  if (before && details.holdLimits) await checkHoldLimits(tx, orderId, before, details.holdLimits, now);
  await tx.order.update({
    where: { id: orderId },
    data: {
      ...contactData(details.contact),
      ...(details.resellerReference !== undefined ? { resellerReference: details.resellerReference } : {}),
      ...(details.notes !== undefined ? { resellerNotes: details.notes } : {}),
    },
  });
  return true;
}

/** A hold about to be given other seats, its account locked first (as a new hold's: createBooking). */
async function lockedHold(tx: Prisma.TransactionClient, orderId: string) {
  const order = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { userId: true, departureId: true, quantity: true },
  });
  await lockAccount(tx, order.userId);
  return order;
}

/**
 * A hold given more seats or another departure stays within the reseller's caps, counted in the
 * transaction that took the seats, with its account locked: refused (rolled back) otherwise.
 */
async function checkHoldLimits(
  tx: Prisma.TransactionClient,
  orderId: string,
  before: Awaited<ReturnType<typeof lockedHold>>,
  limits: ResellerHoldLimits,
  now: Date,
) {
  const after = await tx.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { bookingStatus: true, departureId: true, quantity: true },
  });
  const grows = after.departureId !== before.departureId || after.quantity > before.quantity;
  if (after.bookingStatus !== "PENDING" || !after.departureId || !grows) return;
  const hold = { userId: before.userId, departureId: after.departureId, quantity: after.quantity, now, exceptOrderId: orderId };
  const refusal = await holdLimitRefusal(tx, hold, resellerLimits(limits));
  if (refusal) throw new ChannelError(refusal);
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
  const prisma = await db();
  const done = await prisma.$transaction(async (tx) => {
    if (before.status === "PENDING") {
      // Only a hold still running: the sweep cannot have given its seats back meanwhile.
      const { count } = await tx.order.updateMany({
        where: { id: before.id, bookingStatus: "PENDING", holdExpiresAt: { gt: now } },
        data: { holdExpiresAt: null },
      });
      if (count !== 1) return false;
      const userId = (await tx.order.findUniqueOrThrow({ where: { id: before.id }, select: { userId: true } })).userId;
      await changeBookingStatus(tx, before.id, {
        from: ["PENDING"],
        to: "CONFIRMED",
        byUserId: userId,
        reason: "Confirmed by the reseller",
      });
    }
    await writeDetails(tx, before.id, details, now, categories);
    return true;
  });
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
  const prisma = await db();
  const { count } = await prisma.order.updateMany({
    where: { id: before.id, bookingStatus: "PENDING", holdExpiresAt: { gt: now, lt: until } },
    data: { holdExpiresAt: until },
  });
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
  const prisma = await db();
  const categories = await categoriesFor(before, details);
  await prisma.$transaction((tx) => writeDetails(tx, before.id, details, now, categories));
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
  const prisma = await db();
  const why = reason?.trim() || "Cancelled by the reseller";
  if (before.status === "PENDING") {
    await prisma.$transaction(async (tx) => {
      const order = await tx.order.findUniqueOrThrow({
        where: { id: before.id },
        select: { departureId: true, quantity: true, userId: true },
      });
      const changed = await changeBookingStatus(tx, before.id, {
        from: ["PENDING"],
        to: "CANCELLED",
        byUserId: order.userId,
        reason: why,
      });
      if (changed && order.departureId) await releaseSeats(tx, order.departureId, order.quantity);
    });
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
