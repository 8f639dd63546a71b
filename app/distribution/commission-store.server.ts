// The commission report: per reseller and month, its confirmed and completed bookings (cancelled,
// expired, pending and deleted ones excluded) by booking date in Dhaka, summed in SQL in integer
// cents. Rounding: half up PER BOOKING (each booking's commission = round(total × basis points /
// 10,000), half up, as the OCTO pricing's net of that booking), then added up: so the report's
// commission is exactly the sum of what each booking's net left out. Served by the index
// Order(resellerId, createdAt).
import { type CommissionLine } from "~/distribution/commission";
import { agencyMonthBounds } from "~/platform/dates";
import { db, sqlTimestamp } from "~/platform/db.server";

export interface CommissionRow extends CommissionLine {
  resellerId: string;
  name: string;
  commissionBasisPoints: number;
}

/** One row per reseller (those without bookings in the month too), by name. */
export async function commissionReport(month: string): Promise<CommissionRow[]> {
  const prisma = await db();
  const [from, to] = agencyMonthBounds(month);
  const rows = await prisma.$queryRaw<
    {
      resellerId: string;
      name: string;
      commissionBasisPoints: number;
      bookings: number;
      retailCents: bigint;
      commissionCents: bigint;
    }[]
  >`SELECT r.id AS "resellerId", r.name, r."commissionBasisPoints",
      count(o.id)::int AS bookings,
      coalesce(sum(o."priceCents"), 0)::bigint AS "retailCents",
      -- half up per booking: totals are never negative, so integer division after + 5,000 rounds half up
      coalesce(sum((o."priceCents"::bigint * r."commissionBasisPoints" + 5000) / 10000), 0)::bigint AS "commissionCents"
    FROM "Reseller" r
    LEFT JOIN "Order" o ON o."resellerId" = r.id
      AND o.channel = 'RESELLER'
      AND o."deletedAt" IS NULL
      AND o."bookingStatus" IN ('CONFIRMED', 'COMPLETED')
      AND o."createdAt" >= ${sqlTimestamp(from)} AND o."createdAt" < ${sqlTimestamp(to)}
    GROUP BY r.id, r.name, r."commissionBasisPoints"
    ORDER BY lower(r.name), r.id`;
  return rows.map((row) => {
    const retailCents = Number(row.retailCents);
    const commissionCents = Number(row.commissionCents);
    return {
      resellerId: row.resellerId,
      name: row.name,
      commissionBasisPoints: row.commissionBasisPoints,
      bookings: row.bookings,
      retailCents,
      commissionCents,
      netCents: retailCents - commissionCents,
    };
  });
}
