import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useT } from "~/components/language-context";
import type { MessageKey } from "~/platform/i18n";

/** countLabel: what the number next to the link counts, for screen readers */
type Item = { to: string; label: string; end?: boolean; countLabel?: string; labelKey?: MessageKey };

/** Numbers shown next to a link (messages still to handle, flagged reviews), by the link's path. */
export type SidebarCounts = Partial<Record<string, number>>;

const everyone: Item[] = [
  { to: "/dashboard", label: "Dashboard", end: true },
  { to: "/dashboard/myOrder", label: "My Orders" },
  { to: "/dashboard/addReview", label: "Review" },
  { to: "/dashboard/profile", label: "Profile" },
];

/** The administrator's links grouped by the work they serve, each group under its heading. */
const adminGroups: { title: string; items: Item[] }[] = [
  {
    title: "Bookings and money",
    items: [
      { to: "/dashboard/manageAllOrders", label: "Manage All Orders" },
      { to: "/dashboard/payment-claims", label: "Payment claims", countLabel: "to verify" },
      { to: "/dashboard/held-payments", label: "Payments to review", labelKey: "common.dashboard.heldPayments" },
      { to: "/dashboard/departures", label: "Departures" },
      { to: "/dashboard/reconciliation", label: "Reconciliation" },
      { to: "/dashboard/promo-codes", label: "Promo codes" },
      { to: "/dashboard/settings", label: "Settings", labelKey: "common.dashboard.settings" },
    ],
  },
  {
    title: "Catalogue",
    items: [
      { to: "/dashboard/manageProducts", label: "Manage Products" },
      { to: "/dashboard/addProduct", label: "Add A Product" },
      { to: "/dashboard/reviews", label: "Reviews", countLabel: "flagged" },
    ],
  },
  {
    title: "People",
    items: [
      { to: "/dashboard/users", label: "Users" },
      { to: "/dashboard/makeAdmin", label: "Make Admin" },
      { to: "/dashboard/messages", label: "Messages", countLabel: "to handle" },
      { to: "/dashboard/subscribers", label: "Subscribers" },
    ],
  },
  { title: "Partners", items: [{ to: "/dashboard/resellers", label: "Resellers" }] },
];

// Guides: the departures, their manifests and check-in.
const guideGroups: { title: string; items: Item[] }[] = [
  { title: "Trips", items: [{ to: "/dashboard/departures", label: "Departures" }] },
];

function Count({ count, label }: { count: number; label?: string }) {
  return (
    <span className="sidebar-count">
      {" "}
      {count}
      <span className="visually-hidden"> {label}</span>
    </span>
  );
}

const headingId = (title: string) => `sidebar-${title.toLowerCase().replace(/\W+/g, "-")}`;

function Links({ items, counts, labelledBy }: { items: Item[]; counts: SidebarCounts; labelledBy?: string }) {
  const { t } = useT();
  return (
    <ul aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end ?? false}>
            {item.labelKey ? t(item.labelKey) : item.label}
            {counts[item.to] ? <Count count={counts[item.to]!} label={item.countLabel} /> : null}
          </NavLink>
        </li>
      ))}
    </ul>
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
  const groups = isAdmin ? adminGroups : isGuide ? guideGroups : [];
  const counted = [...everyone, ...groups.flatMap((group) => group.items)].filter((item) => counts[item.to]);
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
        <Links items={everyone} counts={counts} />
        {groups.map((group) => (
          <div key={group.title} className="sidebar-group">
            <h2 className="sidebar-heading" id={headingId(group.title)}>
              {group.title}
            </h2>
            <Links items={group.items} counts={counts} labelledBy={headingId(group.title)} />
          </div>
        ))}
      </details>
    </nav>
  );
}
