import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/accounts/index.server";
import { countUnhandledMessages } from "~/backoffice/index.server";
import { countPendingClaims } from "~/booking/index.server";
import { countFlaggedReviews } from "~/catalogue/index.server";
import { DashboardSidebar } from "~/components/DashboardSidebar";
import { dashboardTitle } from "~/http/page-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!user.isAdmin) return { isAdmin: false, isGuide: user.isGuide, counts: {} };
  // What waits for an administrator, next to the sidebar's links.
  const [messages, reviews, claims] = await Promise.all([countUnhandledMessages(), countFlaggedReviews(), countPendingClaims()]);
  const counts = { "/dashboard/messages": messages, "/dashboard/reviews": reviews, "/dashboard/payment-claims": claims };
  return { isAdmin: true, isGuide: false, counts };
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.home");

export default function DashboardLayout() {
  const { isAdmin, isGuide, counts } = useLoaderData<typeof loader>();
  return (
    <div className="container dashboard-layout">
      <DashboardSidebar isAdmin={isAdmin} isGuide={isGuide} counts={counts} />
      <div className="dashboard-content">
        <Outlet />
      </div>
    </div>
  );
}
