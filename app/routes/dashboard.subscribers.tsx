import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { SUBSCRIBER_FILTERS, subscriberFilter } from "~/backoffice";
import { listSubscribers, SUBSCRIBERS_PAGE_SIZE } from "~/backoffice/index.server";
import { DataTable } from "~/components/DataTable";
import { Pager } from "~/components/Pager";
import { dashboardTitle } from "~/http/page-meta";
import { formatDateTime } from "~/platform/dates";
import { pageCount, pageNumber } from "~/platform/paging";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const filter = subscriberFilter(searchParams);
  const page = pageNumber(searchParams);
  const { subscribers, total } = await listSubscribers(filter, page);
  return { subscribers, total, page, pages: pageCount(total, SUBSCRIBERS_PAGE_SIZE), filter };
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.subscribers");

const FILTER_LABELS = { confirmed: "Confirmed", pending: "Waiting for confirmation", unsubscribed: "Unsubscribed" } as const;

export default function SubscribersPage() {
  const { subscribers, total, page, pages, filter } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="subscribers-title">
      <h1 id="subscribers-title">Newsletter subscribers</h1>
      <nav className="filter-links" aria-label="Show subscribers">
        {SUBSCRIBER_FILTERS.map((name) => (
          <Link key={name} to={name === "confirmed" ? "?" : `?state=${name}`} aria-current={name === filter ? "page" : undefined}>
            {FILTER_LABELS[name]}
          </Link>
        ))}
      </nav>
      <p className="actions-row">
        <span>
          {total} {FILTER_LABELS[filter].toLowerCase()} {total === 1 ? "address" : "addresses"}
        </span>
        {/* reloadDocument: a download, not a page of the app */}
        <Link
          to={`/dashboard/subscribers/export.csv?state=${filter}`}
          reloadDocument
          className="button button-small button-secondary"
        >
          Download CSV
        </Link>
      </p>
      <DataTable
        rows={subscribers}
        rowKey={(subscriber) => subscriber.id}
        empty="No addresses here."
        columns={[
          { header: "Email", cell: (subscriber) => <span className="break-anywhere">{subscriber.email}</span> },
          { header: "Subscribed", cell: (subscriber) => formatDateTime(subscriber.createdAt) },
          {
            header: filter === "unsubscribed" ? "Unsubscribed" : "Confirmed",
            cell: (subscriber) =>
              filter === "unsubscribed"
                ? formatDateTime(subscriber.unsubscribedAt!)
                : subscriber.confirmedAt
                  ? formatDateTime(subscriber.confirmedAt)
                  : "Not yet",
          },
        ]}
      />
      <Pager page={page} pageCount={pages} label="Pages of subscribers" />
    </section>
  );
}
