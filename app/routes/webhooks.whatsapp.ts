// /webhooks/whatsapp: WhatsApp's Cloud API checks the address (GET, the hub.verify_token
// handshake) and then reports what became of each message sent (POST, signed with the app's
// secret): delivered, read, failed (app/messages/whatsapp-webhook.server.ts, docs/messages.md).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { receiveWhatsAppEvent, verifyWhatsAppSubscription } from "~/messages/index.server";
import { readTextWithin } from "~/platform/request-body.server";

const MAX_EVENT_BYTES = 512 * 1024;

const reply = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export function loader({ request }: LoaderFunctionArgs) {
  const answer = verifyWhatsAppSubscription(new URL(request.url));
  return reply(answer.status, answer.body);
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return reply(405, "Method not allowed. Use POST.");
  const rawBody = await readTextWithin(request, MAX_EVENT_BYTES);
  if (rawBody === null) return reply(413, "Event too large.");
  // A failure here (the database away) answers 500 so that Meta delivers the event again.
  const answer = await receiveWhatsAppEvent(rawBody, request.headers.get("X-Hub-Signature-256"));
  return reply(answer.status, answer.body);
}
