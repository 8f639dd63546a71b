import { NavLink } from "@remix-run/react";

type Item = { to: string; label: string; end?: boolean; count?: number };

const everyone: Item[] = [
  { to: "/dashboard", label: "Dashboard", end: true },
  { to: "/dashboard/myOrder", label: "My Orders" },
  { to: "/dashboard/addReview", label: "Review" },
  { to: "/dashboard/profile", label: "Profile" },
];

const admins: Item[] = [
  { to: "/dashboard/manageAllOrders", label: "Manage All Orders" },
  { to: "/dashboard/addProduct", label: "Add A Product" },
  { to: "/dashboard/makeAdmin", label: "Make Admin" },
  { to: "/dashboard/manageProducts", label: "Manage Products" },
];

/** The back office's pages (app/routes/dashboard.users.tsx, dashboard.reviews.tsx), after the spec's. */
const backOffice = (flaggedReviews: number): Item[] => [
  { to: "/dashboard/users", label: "Users" },
  { to: "/dashboard/reviews", label: "Reviews", count: flaggedReviews },
];

export function DashboardSidebar({ isAdmin, flaggedReviews = 0 }: { isAdmin: boolean; flaggedReviews?: number }) {
  const items = isAdmin ? [...everyone, ...admins, ...backOffice(flaggedReviews)] : everyone;
  return (
    <nav className="dashboard-sidebar" aria-label="Dashboard">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end ?? false}>
              {item.label}
              {item.count ? (
                <span className="badge badge-danger sidebar-count">
                  {item.count}
                  <span className="visually-hidden"> flagged</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
