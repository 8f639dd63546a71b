// /dashboard/orders/{id}/invoice.pdf: the invoice and its credit notes as a PDF download, for the
// booking's owner or an admin (anyone else, or a booking not paid yet: 404), rate limited per account.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/accounts/index.server";
import { invoicePdfOf } from "~/booking/index.server";
import { retryAfter } from "~/http/retry-after";
import { clientAddress } from "~/platform/client-address.server";
import { take } from "~/platform/rate-limit.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const counted = await take("invoice-pdf", { account: user.id, address: clientAddress(request, context) });
  if (counted.refused) throw new Response(counted.refused.message, { status: 429, headers: retryAfter(counted.refused) });
  const found = await invoicePdfOf(params.id ?? "", user);
  if (!found) throw new Response("No such invoice", { status: 404 });
  return new Response(new Uint8Array(found.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${found.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
