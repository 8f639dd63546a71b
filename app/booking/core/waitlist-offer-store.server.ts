// Seats freed on a departure go to its waitlist (app/booking/waitlist/) before anyone else: every
// release of seats (releaseSeats: a cancellation, an expired hold, a reseller's cancel) and every
// new seat (the admin's seats, a date reopened) calls offerFreedSeats in the same transaction, so
// no checkout can take freed seats between the release and the offer. The departure's row is
// locked first (the order every waitlist write keeps: departure, then the place), so two releases
// at once offer one after the other and each freed seat goes to one party only.
import { releaseSeats } from "~/booking/core/departure-store.server";
import { agencyToday, formatCalendarDate, formatDateTime, isoDate } from "~/platform/dates";
import { db, sqlTimestamp, type Tx } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { isLanguage, type Language } from "~/platform/i18n";
import { translator } from "~/platform/i18n.server";
import { queueEmail } from "~/platform/outbox-store.server";
import { publicOrigin } from "~/platform/public-url.server";

/** Locks the departure's row until the transaction ends; its seats, status and date, or null. */
export async function lockDeparture(tx: Tx, departureId: string) {
  const [row] = await tx.$queryRaw<{ seats: number; seatsTaken: number; status: string; startDate: Date; title: string }[]>`
    SELECT d."seats", d."seatsTaken", d."status"::text AS "status", d."startDate", s."title"
    FROM "Departure" d JOIN "Service" s ON s."id" = d."serviceId"
    WHERE d."id" = ${departureId} FOR UPDATE OF d`;
  return row ?? null;
}

/**
 * Offers the departure's free seats to its waiting parties, first come first: each party that fits
 * in what is still free gets its seats held (taken on the departure) until WAITLIST_OFFER_HOURS
 * from now, and an email with the link to its checkout; a party too large is skipped and keeps its
 * place. Nothing on a departure that is not open or has left. Returns how many parties were offered.
 */
export async function offerFreedSeats(tx: Tx, departureId: string, now: Date): Promise<number> {
  const today = agencyToday(now);
  const departure = await lockDeparture(tx, departureId);
  if (!departure || departure.status !== "OPEN" || isoDate(departure.startDate) <= today) return 0;
  let free = departure.seats - departure.seatsTaken;
  if (free <= 0) return 0;
  const waiting = await tx.waitlistEntry.findMany({
    where: { departureId, status: "WAITING", seats: { lte: free } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, seats: true, persons: true, checkoutPath: true, user: { select: { email: true, language: true } } },
  });
  const expires = new Date(now.getTime() + env().WAITLIST_OFFER_HOURS * 3_600_000);
  let offered = 0;
  for (const entry of waiting) {
    if (entry.seats > free) continue;
    const { count } = await tx.waitlistEntry.updateMany({
      where: { id: entry.id, status: "WAITING" },
      data: { status: "OFFERED", offeredAt: now, offerExpiresAt: expires },
    });
    if (count !== 1) continue;
    // The departure's row is locked by this transaction: what was free is still free.
    await tx.$executeRaw`
      UPDATE "Departure" SET "seatsTaken" = "seatsTaken" + ${entry.seats}, "updatedAt" = now()
      WHERE "id" = ${departureId} AND "seatsTaken" + ${entry.seats} <= "seats"`;
    free -= entry.seats;
    offered += 1;
    const language: Language = isLanguage(entry.user.language) ? entry.user.language : "en";
    const { t } = translator(language);
    const values = {
      trip: departure.title,
      date: formatCalendarDate(isoDate(departure.startDate), language),
      persons: entry.persons,
      until: formatDateTime(expires, language),
      link: `${publicOrigin()}${entry.checkoutPath}`,
    };
    await queueEmail(
      { to: entry.user.email, subject: t("email.waitlistOffer.subject", values), text: t("email.waitlistOffer.text", values) },
      tx,
    );
    if (free === 0) break;
  }
  return offered;
}

/**
 * The account's offer on the departure, if one still runs: it becomes BOOKED (the booking takes
 * its seats over, in the caller's transaction, after lockDeparture). Returns the seats it held (0: none).
 */
export async function claimOffer(tx: Tx, { userId, departureId, now }: { userId: string; departureId: string; now: Date }) {
  const [claimed] = await tx.$queryRaw<{ seats: number }[]>`
    UPDATE "WaitlistEntry" SET "status" = 'BOOKED', "updatedAt" = now()
    WHERE "userId" = ${userId} AND "departureId" = ${departureId} AND "status" = 'OFFERED'
      AND "offerExpiresAt" > ${sqlTimestamp(now)}
    RETURNING "seats"`;
  return claimed?.seats ?? 0;
}

/** Gives `quantity` seats back (a booking cancelled or expired) and offers them to the waitlist, in the caller's transaction. */
export async function releaseSeatsToWaitlist(tx: Tx, departureId: string, quantity: number, now = new Date()): Promise<void> {
  await releaseSeats(tx, departureId, quantity);
  await offerFreedSeats(tx, departureId, now);
}

/** A change that may free seats (the admin's seats, a date reopened), then their offer to the waitlist, in one transaction. */
export async function changeThenOffer(
  departureId: string,
  change: (tx: Tx) => Promise<number>,
  now = new Date(),
): Promise<number> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const changed = await change(tx);
    if (changed > 0) await offerFreedSeats(tx, departureId, now);
    return changed;
  });
}

/** Whether the account has an offer running on the departure (read before locking anything). */
export async function hasOffer(client: Tx, { userId, departureId, now }: { userId: string; departureId: string; now: Date }) {
  const found = await client.waitlistEntry.findFirst({
    where: { userId, departureId, status: "OFFERED", offerExpiresAt: { gt: now } },
    select: { id: true },
  });
  return found !== null;
}

/** The seats the account's running offer holds for it on the departure (0: none): the checkout counts them as its own. */
export async function seatsOfferedTo(userId: string, departureId: string, now = new Date()): Promise<number> {
  const prisma = await db();
  const found = await prisma.waitlistEntry.findFirst({
    where: { userId, departureId, status: "OFFERED", offerExpiresAt: { gt: now } },
    select: { seats: true },
  });
  return found?.seats ?? 0;
}

/** A cancelled departure ends its line: its waiting and offered parties' places run out (the seats no longer matter). */
export async function endWaitlistOf(departureId: string): Promise<number> {
  const prisma = await db();
  const { count } = await prisma.waitlistEntry.updateMany({
    where: { departureId, status: { in: ["WAITING", "OFFERED"] } },
    data: { status: "EXPIRED" },
  });
  return count;
}
