import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/accounts/index.server";
import { subscriberFilter } from "~/backoffice";
import { subscriberPages } from "~/backoffice/index.server";
import { csvHeaders, csvStream } from "~/http/csv";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filter = subscriberFilter(new URL(request.url).searchParams);
  async function* rows() {
    for await (const page of subscriberPages(filter)) {
      yield page.map((subscriber) => [subscriber.email, subscriber.createdAt, subscriber.confirmedAt, subscriber.unsubscribedAt]);
    }
  }
  return new Response(csvStream(["email", "subscribed_at", "confirmed_at", "unsubscribed_at"], rows()), {
    headers: csvHeaders(`subscribers-${filter}.csv`),
  });
}
