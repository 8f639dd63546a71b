import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/session.server";
import { DashboardSidebar } from "~/components/DashboardSidebar";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { isAdmin: user.isAdmin };
}

export const meta: MetaFunction = () => [{ title: "Dashboard — Tour Booking" }];

export default function DashboardLayout() {
  const { isAdmin } = useLoaderData<typeof loader>();
  return (
    <div className="container dashboard-layout">
      <DashboardSidebar isAdmin={isAdmin} />
      <div className="dashboard-content">
        <Outlet />
      </div>
    </div>
  );
}
