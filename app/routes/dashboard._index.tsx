import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/index.server";
import { lastMonths, monthsStart, valuesByMonth } from "~/backoffice";
import { bookingsByMonth, customerFigures, dashboardCounts, revenueByMonth, upcomingDepartures } from "~/backoffice/index.server";
import { BarChart, SeatsChart } from "~/components/BarChart";
import { agencyToday, formatCalendarDate, formatMonth } from "~/platform/dates";
import { formatDollars } from "~/platform/money";

const MONTHS_SHOWN = 12;
const DEPARTURES_SHOWN = 8;

/** The spec's four counters, in one statement (app/backoffice/dashboard-store.server.ts). */
function siteCounts() {
  return dashboardCounts();
}

// Figures only: no lists reach the browser. Everyone sees the spec's four counters; below them
// an admin sees the site's charts and a customer their own figures.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const today = agencyToday(now);
  if (!user.isAdmin) {
    const [counts, figures] = await Promise.all([siteCounts(), customerFigures(user.id, today)]);
    return { isAdmin: false as const, counts, figures };
  }
  const months = lastMonths(now, MONTHS_SHOWN);
  const since = monthsStart(months);
  const [counts, bookings, revenue, departures] = await Promise.all([
    siteCounts(),
    bookingsByMonth(since),
    revenueByMonth(since),
    upcomingDepartures(today, DEPARTURES_SHOWN),
  ]);
  return {
    isAdmin: true as const,
    counts,
    months,
    bookings: valuesByMonth(months, bookings),
    revenueCents: valuesByMonth(months, revenue),
    departures: departures.map((departure) => ({
      id: departure.id,
      label: `${departure.service.title}, ${formatCalendarDate(departure.startDate)}`,
      seats: departure.seats,
      taken: departure.seatsTaken,
    })),
  };
}

function Counters({ counters, label }: { counters: { label: string; value: number }[]; label?: string }) {
  return (
    <ul className="dashboard-counters" aria-label={label}>
      {counters.map((counter) => (
        <li key={counter.label} className="card dashboard-counter">
          <strong>{counter.value}</strong>
          <span>{counter.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** The spec's four counters (docs/spec.md §2, Dashboard). */
function SiteCounters({ counts }: { counts: Awaited<ReturnType<typeof siteCounts>> }) {
  return (
    <Counters
      counters={[
        { label: "All Users", value: counts.users },
        { label: "Services", value: counts.packages },
        { label: "Review", value: counts.reviews },
        { label: "All Order", value: counts.orders },
      ]}
    />
  );
}

export default function DashboardHome() {
  const page = useLoaderData<typeof loader>();
  if (!page.isAdmin) {
    const { figures } = page;
    return (
      <section className="dashboard-page">
        <h1>Dashboard</h1>
        <SiteCounters counts={page.counts} />
        <h2>Your trips</h2>
        <Counters
          label="Your trips"
          counters={[
            { label: "My Orders", value: figures.orders },
            { label: "Paid", value: figures.paid },
            { label: "Upcoming Trips", value: figures.upcomingTrips },
          ]}
        />
        {figures.nextTrips.length > 0 ? (
          <>
            <h3>Next</h3>
            <ul className="next-trips">
              {figures.nextTrips.map((trip) => (
                <li key={trip.id}>
                  <Link to={`/dashboard/orders/${trip.id}`}>{trip.serviceTitle}</Link>, {formatCalendarDate(trip.travelDate!)},{" "}
                  {trip.quantity} {trip.quantity === 1 ? "person" : "persons"}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    );
  }
  const { counts, months, bookings, revenueCents, departures } = page;
  const monthNames = months.map((month) => formatMonth(month));
  return (
    <section className="dashboard-page">
      <h1>Dashboard</h1>
      <SiteCounters counts={counts} />
      <div className="dashboard-charts">
        <BarChart
          title="Bookings per month"
          description={`Bookings made in each of the last ${months.length} months, from ${monthNames[0]} to ${monthNames.at(-1)}.`}
          labels={monthNames}
          values={bookings}
          format={(value) => String(Math.round(value))}
          valueHeader="Bookings"
          minScale={10}
        />
        <BarChart
          title="Revenue per month"
          description="Card payments received each month, less the refunds made that month, in US dollars."
          labels={monthNames}
          values={revenueCents}
          format={(cents) => formatDollars(Math.round(cents))}
          valueHeader="Revenue"
          minScale={100_000}
        />
        <SeatsChart title="Upcoming departures: seats taken" rows={departures} />
      </div>
    </section>
  );
}
