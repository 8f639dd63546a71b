import { NavLink } from "@remix-run/react";

/** countLabel: what the number next to the link counts, for screen readers */
type Item = { to: string; label: string; end?: boolean; countLabel?: string };

/** Numbers shown next to a link (messages still to handle, flagged reviews), by the link's path. */
export type SidebarCounts = Partial<Record<string, number>>;

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
  // The back office's pages, after the spec's.
  { to: "/dashboard/users", label: "Users" },
  { to: "/dashboard/reviews", label: "Reviews", countLabel: "flagged" },
  { to: "/dashboard/messages", label: "Messages", countLabel: "to handle" },
  { to: "/dashboard/subscribers", label: "Subscribers" },
];

export function DashboardSidebar({ isAdmin, counts = {} }: { isAdmin: boolean; counts?: SidebarCounts }) {
  const items = isAdmin ? [...everyone, ...admins] : everyone;
  return (
    <nav className="dashboard-sidebar" aria-label="Dashboard">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end ?? false}>
              {item.label}
              {counts[item.to] ? (
                <span className="sidebar-count">
                  {" "}
                  {counts[item.to]}
                  <span className="visually-hidden"> {item.countLabel}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
