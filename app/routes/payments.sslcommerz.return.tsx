// POST (or GET) /payments/sslcommerz/return?outcome=success|fail|cancel: SSLCommerz's hosted page
// sends the customer back here, a cross-site form post without our session cookie. The session is
// found by our tran_id; nothing the browser posts marks money received: a val_id whose verify_sign
// matches is asked of the validation API, anything else is decided by the transaction query
// (app/booking/paying/gateway-payments.server.ts). Then on to the order page with the result.
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { orderResultPath, settleSslcommerz } from "~/booking/index.server";
import { PaymentError, verifySslcommerzSignature } from "~/payments/index.server";
import { formNulMessage } from "~/platform/forms";
import { logger } from "~/platform/logger.server";

const OUTCOMES = new Set(["success", "fail", "cancel"]);

async function settle(fields: Record<string, string>, outcomeParam: string | null) {
  const outcome = OUTCOMES.has(outcomeParam ?? "") ? (outcomeParam as "success" | "fail" | "cancel") : undefined;
  try {
    const settled = await settleSslcommerz(fields, { signed: verifySslcommerzSignature(fields), outcome });
    if (!settled) return redirect("/dashboard/myOrder?payment=unknown", 303);
    return redirect(orderResultPath(settled), 303);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    // The gateway could not be asked now: the IPN or the job settles it; the customer sees "pending".
    logger.warn({ tranId: fields.tran_id, error: error.message }, "sslcommerz return not settled");
    const session = fields.tran_id ? `?payment=pending` : "";
    return redirect(`/dashboard/myOrder${session}`, 303);
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  if (formNulMessage(form)) return new Response("Bad request", { status: 400 });
  const fields = Object.fromEntries([...form].map(([key, value]) => [key, String(value)]));
  return settle(fields, new URL(request.url).searchParams.get("outcome"));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (params.toString().includes("%00")) return new Response("Bad request", { status: 400 });
  return settle(Object.fromEntries(params), params.get("outcome"));
}
