// POST /payments/sslcommerz/ipn: SSLCommerz's Instant Payment Notification, server to server. Its
// verify_sign must match (md5 with the store password) or nothing is read; then the val_id is
// asked of the validation API and the payment recorded once (docs/payments.md). A failure to reach
// SSLCommerz or the database answers 500, so SSLCommerz sends it again.
import type { ActionFunctionArgs } from "@remix-run/node";
import { settleSslcommerz } from "~/booking/index.server";
import { verifySslcommerzSignature } from "~/payments/index.server";
import { formNulMessage } from "~/platform/forms";
import { logger } from "~/platform/logger.server";

const reply = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export function loader() {
  return reply(405, { error: "Method not allowed. Use POST." });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return reply(405, { error: "Method not allowed. Use POST." });
  const form = await request.formData();
  const nul = formNulMessage(form);
  if (nul) return reply(400, { error: nul });
  const fields = Object.fromEntries([...form].map(([key, value]) => [key, String(value)]));
  if (!verifySslcommerzSignature(fields)) {
    logger.warn({ tranId: fields.tran_id }, "sslcommerz IPN with a wrong verify_sign refused");
    return reply(400, { error: "verify_sign does not match." });
  }
  const settled = await settleSslcommerz(fields, { signed: true });
  if (!settled) return reply(404, { error: "No such transaction." });
  return reply(200, { received: true, result: settled.result });
}
