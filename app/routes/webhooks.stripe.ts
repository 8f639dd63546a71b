// POST /webhooks/stripe: Stripe tells us about payments, also when the customer's browser never
// came back. The signature is checked on the raw body before anything is read or written.
import type { ActionFunctionArgs } from "@remix-run/node";
import { handlePaymentEvent } from "~/booking/index.server";
import { verifyWebhook } from "~/payments/index.server";
import { env } from "~/platform/env.server";
import { readTextWithin } from "~/platform/request-body.server";

const MAX_EVENT_BYTES = 512 * 1024;

const reply = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export async function loader() {
  return reply(405, { error: "Method not allowed. Use POST." });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return reply(405, { error: "Method not allowed. Use POST." });
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret)
    return reply(503, {
      error: "Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).",
    });
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return reply(400, { error: "Missing Stripe-Signature header." });
  const rawBody = await readTextWithin(request, MAX_EVENT_BYTES);
  if (rawBody === null) return reply(413, { error: "Event too large." });
  let event;
  try {
    event = verifyWebhook(rawBody, signature, secret);
  } catch (error) {
    return reply(400, {
      error: `Webhook signature verification failed: ${(error as Error).message}`,
    });
  }
  // A failure here (database or Stripe unreachable) answers 500 so that Stripe delivers it again.
  await handlePaymentEvent(event);
  return reply(200, { received: true });
}
