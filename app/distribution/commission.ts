// The commission report's totals (client-safe). A booking counts in the month of its booking date
// in Dhaka time (platform/dates.ts: agencyMonthBounds).

export interface CommissionLine {
  bookings: number;
  retailCents: number;
  commissionCents: number;
  netCents: number;
}

/** The totals row: the lines added up (integer cents, so exact). */
export function commissionTotals(lines: CommissionLine[]): CommissionLine {
  return lines.reduce(
    (total, line) => ({
      bookings: total.bookings + line.bookings,
      retailCents: total.retailCents + line.retailCents,
      commissionCents: total.commissionCents + line.commissionCents,
      netCents: total.netCents + line.netCents,
    }),
    { bookings: 0, retailCents: 0, commissionCents: 0, netCents: 0 },
  );
}
