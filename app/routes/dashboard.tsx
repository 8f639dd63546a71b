import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { DashboardSidebar } from "~/components/DashboardSidebar";
import { countFlaggedReviews } from "~/data/reviews.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Administrators see how many reviews wait for moderation next to the sidebar's Reviews link.
  const flaggedReviews = user.isAdmin ? await countFlaggedReviews() : 0;
  return { isAdmin: user.isAdmin, flaggedReviews };
}

export const meta: MetaFunction = () => [{ title: "Dashboard — Tour Booking" }];

export default function DashboardLayout() {
  const { isAdmin, flaggedReviews } = useLoaderData<typeof loader>();
  return (
    <div className="container dashboard-layout">
      <DashboardSidebar isAdmin={isAdmin} flaggedReviews={flaggedReviews} />
      <div className="dashboard-content">
        <Outlet />
      </div>
    </div>
  );
}
