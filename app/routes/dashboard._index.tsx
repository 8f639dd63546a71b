import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { dashboardCounts } from "~/data/dashboard.server";

// Counts only: no lists reach the browser.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return dashboardCounts();
}

export default function DashboardHome() {
  const counts = useLoaderData<typeof loader>();
  const counters = [
    { label: "All Users", value: counts.users },
    { label: "Services", value: counts.packages },
    { label: "Review", value: counts.reviews },
    { label: "All Order", value: counts.orders },
  ];
  return (
    <section className="dashboard-page">
      <h1>Dashboard</h1>
      <ul className="dashboard-counters">
        {counters.map((counter) => (
          <li key={counter.label} className="card dashboard-counter">
            <strong>{counter.value}</strong>
            <span>{counter.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
