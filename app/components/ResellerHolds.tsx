// The seats resellers hold unconfirmed (their OCTO bookings ON_HOLD) on a package's departures, beside
// the website's unpaid holds on the admin's departures page: one row per reseller and date, with
// its cap, so an admin sees a reseller keeping a date from everyone else (docs/octo.md).
import { DataTable } from "~/components/DataTable";
import { formatCalendarDate } from "~/platform/dates";

export interface ResellerHoldRow {
  key: string;
  /** YYYY-MM-DD */
  date: string;
  reseller: string;
  seats: number;
  holds: number;
  /** the reseller's maxHeldSeatsPerDeparture */
  cap: number | null;
  /** when the first of them runs out, as the agency reads it */
  firstExpires: string;
}

export function ResellerHolds({ rows }: { rows: ResellerHoldRow[] }) {
  return (
    <>
      <h2 id="reseller-holds-title">Resellers&rsquo; holds</h2>
      <DataTable
        rows={rows}
        rowKey={(row) => row.key}
        empty="No reseller holds seats on these dates."
        columns={[
          { header: "Date", cell: (row) => <time dateTime={row.date}>{formatCalendarDate(row.date)}</time> },
          { header: "Reseller", cell: (row) => row.reseller },
          { header: "Seats on hold", cell: (row) => (row.cap === null ? row.seats : `${row.seats} of ${row.cap} allowed`) },
          { header: "Bookings on hold", cell: (row) => row.holds },
          { header: "First runs out", cell: (row) => row.firstExpires },
        ]}
      />
    </>
  );
}
