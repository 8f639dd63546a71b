import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useT } from "~/components/language-context";
import type { MessageKey } from "~/platform/i18n";

/** countLabel: what the number next to the link counts, for screen readers */
type Item = { to: string; label: MessageKey; end?: boolean; countLabel?: MessageKey };

/** Numbers shown next to a link (messages still to handle, flagged reviews), by the link's path. */
export type SidebarCounts = Partial<Record<string, number>>;

const everyone: Item[] = [
  { to: "/dashboard", label: "dashboard.nav.home", end: true },
  { to: "/dashboard/myOrder", label: "dashboard.nav.myOrders" },
  { to: "/dashboard/waitlist", label: "dashboard.nav.waitlist" },
  { to: "/dashboard/addReview", label: "dashboard.nav.review" },
  { to: "/dashboard/profile", label: "dashboard.nav.profile" },
];

/** The administrator's links grouped by the work they serve, each group under its heading. */
const adminGroups: { title: MessageKey; items: Item[] }[] = [
  {
    title: "dashboard.nav.group.bookings",
    items: [
      { to: "/dashboard/manageAllOrders", label: "dashboard.nav.manageAllOrders" },
      { to: "/dashboard/payment-claims", label: "dashboard.nav.paymentClaims", countLabel: "dashboard.nav.toVerify" },
      { to: "/dashboard/held-payments", label: "common.dashboard.heldPayments" },
      { to: "/dashboard/departures", label: "dashboard.nav.departures" },
      { to: "/dashboard/reconciliation", label: "dashboard.nav.reconciliation" },
      { to: "/dashboard/promo-codes", label: "dashboard.nav.promoCodes" },
      { to: "/dashboard/settings", label: "common.dashboard.settings" },
    ],
  },
  {
    title: "dashboard.nav.group.catalogue",
    items: [
      { to: "/dashboard/manageProducts", label: "dashboard.nav.manageProducts" },
      { to: "/dashboard/addProduct", label: "dashboard.nav.addProduct" },
      { to: "/dashboard/reviews", label: "dashboard.nav.reviews", countLabel: "dashboard.nav.flagged" },
    ],
  },
  {
    title: "dashboard.nav.group.people",
    items: [
      { to: "/dashboard/users", label: "dashboard.nav.users" },
      { to: "/dashboard/makeAdmin", label: "dashboard.nav.makeAdmin" },
      { to: "/dashboard/messages", label: "dashboard.nav.messages", countLabel: "dashboard.nav.toHandle" },
      { to: "/dashboard/subscribers", label: "dashboard.nav.subscribers" },
    ],
  },
  { title: "dashboard.nav.group.partners", items: [{ to: "/dashboard/resellers", label: "dashboard.nav.resellers" }] },
];

// Guides: the departures, their manifests and check-in.
const guideGroups: { title: MessageKey; items: Item[] }[] = [
  { title: "dashboard.nav.group.trips", items: [{ to: "/dashboard/departures", label: "dashboard.nav.departures" }] },
];

function Count({ count, label }: { count: number; label?: MessageKey }) {
  const { t } = useT();
  return (
    <span className="sidebar-count">
      {" "}
      {t("dashboard.nav.count", { count })}
      <span className="visually-hidden"> {label ? t(label) : null}</span>
    </span>
  );
}

const headingId = (title: MessageKey) => `sidebar-${title.split(".").pop()}`;

function Links({ items, counts, labelledBy }: { items: Item[]; counts: SidebarCounts; labelledBy?: string }) {
  const { t } = useT();
  return (
    <ul aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end ?? false}>
            {t(item.label)}
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
  const { t } = useT();
  // A link followed in the browser keeps this layout: close the menu as a new page load would.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <nav className="dashboard-sidebar" aria-label={t("dashboard.nav.label")}>
      <details className="dashboard-menu" ref={menu}>
        <summary>
          {t("common.nav.menu")}
          {counted.map((item) => (
            <span key={item.to} className="menu-count">
              {t(item.label)}
              <Count count={counts[item.to]!} label={item.countLabel} />
            </span>
          ))}
        </summary>
        <Links items={everyone} counts={counts} />
        {groups.map((group) => (
          <div key={group.title} className="sidebar-group">
            <h2 className="sidebar-heading" id={headingId(group.title)}>
              {t(group.title)}
            </h2>
            <Links items={group.items} counts={counts} labelledBy={headingId(group.title)} />
          </div>
        ))}
      </details>
    </nav>
  );
}
