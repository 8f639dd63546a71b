// The reseller's bookings as the channel reads and changes them (channel-bookings.server.ts holds
// its rules): the seats moved by the same statements as every booking's, in one transaction with
// the travellers and the price, a refusal thrown (ChannelError) to roll it back.
import { randomUUID } from "node:crypto";
import { ChannelError, resellerLimits, type ResellerHoldLimits } from "~/booking/channel/channel-holds";
import { changeBookingStatus } from "~/booking/core/booking-status-store.server";
import { releaseSeats, takeSeats } from "~/booking/core/departure-store.server";
import { holdLimitRefusal, lockAccount } from "~/booking/core/hold-store.server";
import { releaseSeatsToWaitlist } from "~/booking/core/waitlist-offer-store.server";
import { planChannelBooking } from "~/booking/placing/booking-travellers";
import { ageMismatch } from "~/booking/travellers/travellers";
import { DEFAULT_CATEGORY_ID, type PriceCategory } from "~/catalogue";
import type { Prisma } from "~/generated/prisma/client";
import { agencyToday, isoDate } from "~/platform/dates";
import { db } from "~/platform/db.server";

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

export type ChannelBookingRow = Prisma.OrderGetPayload<{ select: typeof channelBookingSelect }>;

/** The reseller's booking with its own id (`externalId`), as the channel reads it. */
export async function findChannelRow(resellerId: string, externalId: string) {
  const prisma = await db();
  return prisma.order.findFirst({
    where: { resellerId, octoUuid: externalId, channel: "RESELLER" },
    select: channelBookingSelect,
  });
}

/** The reseller's bookings by its reference, ours (TB-…) or travel dates (YYYY-MM-DD), newest first. */
export async function listChannelRows(
  resellerId: string,
  filter: { resellerReference?: string; reference?: string; from?: string; to?: string },
  limit: number,
): Promise<ChannelBookingRow[]> {
  const prisma = await db();
  return prisma.order.findMany({
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
}

export interface ContactInput {
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

export interface ChannelDetails {
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
 * Confirms a hold still running (the sweep cannot have given its seats back meanwhile) and writes
 * the reseller's details, in one transaction; a confirmed booking only takes the details. False
 * when the hold had run out (nothing changes).
 */
export async function confirmChannelRow(
  orderId: string,
  pending: boolean,
  details: ChannelDetails,
  now: Date,
  categories: readonly PriceCategory[] | null,
): Promise<boolean> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    if (pending) {
      const { count } = await tx.order.updateMany({
        where: { id: orderId, bookingStatus: "PENDING", holdExpiresAt: { gt: now } },
        data: { holdExpiresAt: null },
      });
      if (count !== 1) return false;
      const userId = (await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { userId: true } })).userId;
      await changeBookingStatus(tx, orderId, {
        from: ["PENDING"],
        to: "CONFIRMED",
        byUserId: userId,
        reason: "Confirmed by the reseller",
      });
    }
    await writeDetails(tx, orderId, details, now, categories);
    return true;
  });
}

/** Holds a pending booking until `until` unless it already runs as long or has run out; how many it held (0 or 1). */
export async function extendChannelRow(orderId: string, until: Date, now: Date): Promise<number> {
  const prisma = await db();
  const { count } = await prisma.order.updateMany({
    where: { id: orderId, bookingStatus: "PENDING", holdExpiresAt: { gt: now, lt: until } },
    data: { holdExpiresAt: until },
  });
  return count;
}

/** The reseller's details of a live booking, in one transaction (its seats moved with them). */
export async function writeChannelDetails(
  orderId: string,
  details: ChannelDetails,
  now: Date,
  categories: readonly PriceCategory[] | null,
): Promise<void> {
  const prisma = await db();
  await prisma.$transaction((tx) => writeDetails(tx, orderId, details, now, categories));
}

/** Cancels a pending hold and gives its seats back, once. */
export async function cancelChannelHold(orderId: string, reason: string): Promise<void> {
  const prisma = await db();
  await prisma.$transaction(async (tx) => {
    const order = await tx.order.findUniqueOrThrow({
      where: { id: orderId },
      select: { departureId: true, quantity: true, userId: true },
    });
    const changed = await changeBookingStatus(tx, orderId, {
      from: ["PENDING"],
      to: "CANCELLED",
      byUserId: order.userId,
      reason,
    });
    if (changed && order.departureId) await releaseSeatsToWaitlist(tx, order.departureId, order.quantity);
  });
}
