import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/index.server";
import { lastMonths, monthsStart, valuesByMonth } from "~/backoffice";
import { bookingsByMonth, customerFigures, dashboardCounts, revenueByMonth, upcomingDepartures } from "~/backoffice/index.server";
import { BarChart, SeatsChart } from "~/components/BarChart";
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";
import { agencyToday } from "~/platform/dates";
import type { MessageKey } from "~/platform/i18n";

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
      title: departure.service.title,
      startDate: departure.startDate,
      seats: departure.seats,
      taken: departure.seatsTaken,
    })),
  };
}

function Counters({ counters, label }: { counters: { label: MessageKey; value: number }[]; label?: string }) {
  const { t } = useT();
  const f = useFormat();
  return (
    <ul className="dashboard-counters" aria-label={label}>
      {counters.map((counter) => (
        <li key={counter.label} className="card dashboard-counter">
          <strong>{f.number(counter.value)}</strong>
          <span>{t(counter.label)}</span>
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
        { label: "dashboard.home.allUsers", value: counts.users },
        { label: "dashboard.home.services", value: counts.packages },
        { label: "dashboard.home.review", value: counts.reviews },
        { label: "dashboard.home.allOrder", value: counts.orders },
      ]}
    />
  );
}

export default function DashboardHome() {
  const page = useLoaderData<typeof loader>();
  const { t } = useT();
  const f = useFormat();
  if (!page.isAdmin) {
    const { figures } = page;
    return (
      <section className="dashboard-page">
        <h1>{t("dashboard.nav.home")}</h1>
        <SiteCounters counts={page.counts} />
        <h2>{t("dashboard.home.yourTrips")}</h2>
        <Counters
          label={t("dashboard.home.yourTrips")}
          counters={[
            { label: "dashboard.nav.myOrders", value: figures.orders },
            { label: "dashboard.home.paid", value: figures.paid },
            { label: "dashboard.home.upcomingTrips", value: figures.upcomingTrips },
          ]}
        />
        {figures.nextTrips.length > 0 ? (
          <>
            <h3>{t("dashboard.home.next")}</h3>
            <ul className="next-trips">
              {figures.nextTrips.map((trip) => (
                <li key={trip.id}>
                  <Link to={`/dashboard/orders/${trip.id}`}>{trip.serviceTitle}</Link>,{" "}
                  {t("dashboard.home.tripLine", { date: f.calendarDate(trip.travelDate!), count: trip.quantity })}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    );
  }
  const { counts, months, bookings, revenueCents, departures } = page;
  const monthNames = months.map((month) => f.month(month));
  return (
    <section className="dashboard-page">
      <h1>{t("dashboard.nav.home")}</h1>
      <SiteCounters counts={counts} />
      <div className="dashboard-charts">
        <BarChart
          title={t("dashboard.home.bookingsChart")}
          description={t("dashboard.home.bookingsChartDescription", {
            count: months.length,
            from: monthNames[0],
            to: monthNames.at(-1),
          })}
          labels={monthNames}
          values={bookings}
          format={(value) => f.number(Math.round(value))}
          valueHeader={t("dashboard.home.bookings")}
          minScale={10}
        />
        <BarChart
          title={t("dashboard.home.revenueChart")}
          description={t("dashboard.home.revenueChartDescription")}
          labels={monthNames}
          values={revenueCents}
          format={(cents) => f.dollars(Math.round(cents))}
          valueHeader={t("dashboard.home.revenue")}
          minScale={100_000}
        />
        <SeatsChart
          title={t("dashboard.home.seatsChart")}
          rows={departures.map((departure) => ({
            ...departure,
            label: `${departure.title}, ${f.calendarDate(departure.startDate)}`,
          }))}
        />
      </div>
    </section>
  );
}
