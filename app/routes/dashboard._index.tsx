import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/db.server";
import { requireUser } from "~/session.server";

// Counts only: no lists reach the browser.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const prisma = await db();
  const [users, services, reviews, orders] = await Promise.all([
    prisma.user.count(),
    prisma.service.count({ where: { deletedAt: null } }),
    prisma.review.count(),
    prisma.order.count({ where: { deletedAt: null } }),
  ]);
  return { users, services, reviews, orders };
}

export default function DashboardHome() {
  const counts = useLoaderData<typeof loader>();
  const counters = [
    { label: "All Users", value: counts.users },
    { label: "Services", value: counts.services },
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
