import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

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
  { to: "/dashboard/resellers", label: "Resellers" },
  { to: "/dashboard/payment-claims", label: "Payment claims", countLabel: "to verify" },
  { to: "/dashboard/promo-codes", label: "Promo codes" },
  { to: "/dashboard/reconciliation", label: "Reconciliation" },
];

// Guides and administrators: the departures, their manifests and check-in.
const staff: Item[] = [{ to: "/dashboard/departures", label: "Departures" }];

function Count({ count, label }: { count: number; label?: string }) {
  return (
    <span className="sidebar-count">
      {" "}
      {count}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}

/**
 * The dashboard's links: a sidebar on a wide screen; on a phone they wait behind a Menu summary
 * (a <details>, closed on every page load, so the page's content starts on the first screen; it
 * works without JavaScript), which also shows the counts. The CSS (app/styles/app.css) shows the
 * links of the closed <details> on a wide screen.
 */
export function DashboardSidebar({
  isAdmin,
  isGuide = false,
  counts = {},
}: {
  isAdmin: boolean;
  isGuide?: boolean;
  counts?: SidebarCounts;
}) {
  const items = isAdmin ? [...everyone, ...admins, ...staff] : isGuide ? [...everyone, ...staff] : everyone;
  const counted = items.filter((item) => counts[item.to]);
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // A link followed in the browser keeps this layout: close the menu as a new page load would.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <nav className="dashboard-sidebar" aria-label="Dashboard">
      <details className="dashboard-menu" ref={menu}>
        <summary>
          Menu
          {counted.map((item) => (
            <span key={item.to} className="menu-count">
              {item.label}
              <Count count={counts[item.to]!} label={item.countLabel} />
            </span>
          ))}
        </summary>
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end ?? false}>
                {item.label}
                {counts[item.to] ? <Count count={counts[item.to]!} label={item.countLabel} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
