// GET /payments/bkash/callback?paymentID=…&status=success|failure|cancel: bKash sends the customer
// back here (no session cookie is needed). The session is found by bKash's paymentID; for
// status=success the payment is executed once, otherwise (or when execute cannot tell)
// payment/status decides; nothing the browser says marks money received (docs/payments.md).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { orderResultPath, settleBkash } from "~/booking/index.server";
import { PaymentError } from "~/payments/index.server";
import { logger } from "~/platform/logger.server";

const STATUSES = new Set(["success", "failure", "cancel"]);

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const paymentID = params.get("paymentID") ?? "";
  const status = params.get("status") ?? "";
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(paymentID) || !STATUSES.has(status))
    return redirect("/dashboard/myOrder?payment=unknown", 303);
  try {
    const settled = await settleBkash(paymentID, status);
    if (!settled) return redirect("/dashboard/myOrder?payment=unknown", 303);
    return redirect(orderResultPath(settled), 303);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    logger.warn({ paymentID, error: error.message }, "bkash callback not settled");
    return redirect("/dashboard/myOrder?payment=pending", 303);
  }
}
