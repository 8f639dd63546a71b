// Guides and administrators: the departures of the coming days (and of the last week, for a late
// check-in), each with its guide, its manifest and its check-in page. A guide sees their own
// departures first; another guide's are listed without their manifest (refused to them).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/accounts/index.server";
import { mayRunDeparture, staffDepartures } from "~/booking/index.server";
import { DataTable } from "~/components/DataTable";
import { dashboardTitle } from "~/http/page-meta";
import { agencyToday, formatCalendarDate, isoDate } from "~/platform/dates";

const SHOWN = 100;
const DAYS_BACK = 7;

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const from = new Date(`${agencyToday()}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - DAYS_BACK);
  const departures = await staffDepartures(isoDate(from), SHOWN, staff.isAdmin ? undefined : staff.id);
  return {
    departures: departures.map((departure) => ({
      guide: departure.guideId === staff.id ? "You" : (departure.guide?.displayName ?? null),
      runs: mayRunDeparture(staff, departure.guideId),
      id: departure.id,
      date: isoDate(departure.startDate),
      title: departure.service.title,
      seats: departure.seats,
      sold: departure.seatsTaken,
      closed: departure.status === "CLOSED",
    })),
  };
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.departures");

export default function StaffDepartures() {
  const { departures } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="staff-departures-title">
      <h1 id="staff-departures-title">Departures</h1>
      <p className="muted">
        The departures of the last week and to come: their manifests and check-in. A guide runs their own departures (listed
        first) and those with no guide assigned.
      </p>
      <DataTable
        rows={departures}
        rowKey={(row) => row.id}
        empty="No departures to come."
        columns={[
          { header: "Date", cell: (row) => <time dateTime={row.date}>{formatCalendarDate(row.date)}</time> },
          { header: "Package", cell: (row) => row.title },
          { header: "Seats sold", cell: (row) => `${row.sold} of ${row.seats}${row.closed ? " (closed)" : ""}` },
          { header: "Guide", cell: (row) => row.guide ?? <span className="muted">Not assigned</span> },
          {
            header: "Manifest",
            cell: (row) =>
              !row.runs ? (
                <span className="muted">Another guide&apos;s</span>
              ) : (
                <span className="row-actions">
                  <Link
                    to={`/dashboard/departures/${row.id}`}
                    aria-label={`Manifest of ${row.title}, ${formatCalendarDate(row.date)}`}
                  >
                    Manifest
                  </Link>{" "}
                  <Link
                    to={`/dashboard/departures/${row.id}/check-in`}
                    aria-label={`Check-in of ${row.title}, ${formatCalendarDate(row.date)}`}
                  >
                    Check-in
                  </Link>
                </span>
              ),
          },
        ]}
      />
    </section>
  );
}
