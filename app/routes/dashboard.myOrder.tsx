import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { DashboardPlaceholder } from "~/components/DashboardSidebar";
import { requireUser } from "~/session.server";

// Placeholder until the ordering work fills this page in; the guard is already the real one.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return data({ ok: false, message: "This page is not available yet." }, { status: 501 });
}

export const meta: MetaFunction = () => [{ title: "My Orders — Tour Booking" }];

export default function Page() {
  return <DashboardPlaceholder title="My Orders" />;
}
