import { NavLink } from "@remix-run/react";

type Item = { to: string; label: string; end?: boolean };

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

export function DashboardSidebar({ isAdmin }: { isAdmin: boolean }) {
  const items = isAdmin ? [...everyone, ...admins] : everyone;
  return (
    <nav className="dashboard-sidebar" aria-label="Dashboard">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end ?? false}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
