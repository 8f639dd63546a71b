// GET /dashboard/export/orders.csv?… (administrators): the orders of Manage All Orders' search,
// filters and sort, every page of them, streamed as CSV 1,000 rows at a time. The file is for
// people (a spreadsheet): dates and times as the pages write them, in Dhaka time.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/accounts/index.server";
import { effectiveStatus, parseOrderListQuery } from "~/booking";
import { orderPages } from "~/booking/index.server";
import { csvHeaders, csvStream } from "~/http/csv";
import { agencyToday, formatCalendarDate, formatDateTime } from "~/platform/dates";
import { dollarsValue } from "~/platform/money";

const HEADER = [
  "Order number",
  "Reference",
  "Ordered at",
  "First name",
  "Last name",
  "E-mail",
  "Phone",
  "Street address",
  "Apartment",
  "Town",
  "District",
  "Postcode",
  "Package",
  "Package type",
  "Persons",
  "Unit price",
  "Price",
  "Discount",
  "Promo code",
  "Payment",
  "Status",
  "Travel date",
  "Hold until",
  "Channel",
  "Reseller reference",
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { query, errors } = parseOrderListQuery(new URL(request.url).searchParams);
  if (errors.length > 0)
    return new Response(errors.join("\n"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const now = new Date();
  async function* rows() {
    for await (const page of orderPages({ filter: query.filter, sort: query.sort, now })) {
      yield page.map((order) => [
        order.id,
        order.reference,
        formatDateTime(order.createdAt),
        order.firstName,
        order.lastName,
        order.email,
        order.mobileNumber,
        order.streetAddress,
        order.city,
        order.townName,
        order.district,
        order.postcode,
        order.serviceTitle,
        order.packageType,
        order.quantity,
        dollarsValue(order.unitPriceCents),
        dollarsValue(order.priceCents),
        dollarsValue(order.discountCents),
        order.promoCode,
        order.paymentStatus,
        effectiveStatus(order, now),
        order.travelDate && formatCalendarDate(order.travelDate),
        order.holdExpiresAt && formatDateTime(order.holdExpiresAt),
        order.resellerName ?? "Website",
        order.resellerReference,
      ]);
    }
  }
  return new Response(csvStream(HEADER, rows()), { headers: csvHeaders(`orders-${agencyToday(now)}.csv`) });
}
