// WhatsApp's webhook (/webhooks/whatsapp, docs/messages.md). Meta first checks the address with a
// GET carrying hub.mode=subscribe, hub.verify_token (ours: WHATSAPP_VERIFY_TOKEN) and hub.challenge,
// which is answered back. Then each POST carries X-Hub-Signature-256: "sha256=" and the HMAC-SHA256
// of the raw body keyed with the app's secret (WHATSAPP_APP_SECRET); its
// entry[].changes[].value.statuses[] say what became of a sent message: { id (the wamid), status:
// "sent" | "delivered" | "read" | "failed", errors?: [{ code, title, message, error_data: { details } }] }.
import { createHmac, timingSafeEqual } from "node:crypto";
import { recordDeliveryStatus } from "~/messages/delivery-store.server";
import { type Env, env } from "~/platform/env.server";

export type WebhookAnswer = { status: number; body: string };

/** The subscription handshake: the challenge back when the token is ours, 403 otherwise, 404 when not set up. */
export function verifyWhatsAppSubscription(url: URL, settings: Env = env()): WebhookAnswer {
  if (!settings.WHATSAPP_VERIFY_TOKEN) return { status: 404, body: "WhatsApp's webhook is not set up" };
  const mode = url.searchParams.get("hub.mode");
  const token = url.searchParams.get("hub.verify_token") ?? "";
  const challenge = url.searchParams.get("hub.challenge") ?? "";
  if (mode === "subscribe" && sameText(token, settings.WHATSAPP_VERIFY_TOKEN)) return { status: 200, body: challenge };
  return { status: 403, body: "Verification failed" };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The X-Hub-Signature-256 of a body (what Meta sends; the tests' fake signs with it too). */
export function whatsAppSignature(rawBody: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex")}`;
}

interface StatusUpdate {
  id?: unknown;
  status?: unknown;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

const REPORTED = new Set(["sent", "delivered", "read", "failed"]);

/** A POST: checked against its signature, then each status recorded. 401 for a bad signature. */
export async function receiveWhatsAppEvent(
  rawBody: string,
  signature: string | null,
  settings: Env = env(),
): Promise<WebhookAnswer & { updated: number }> {
  if (!settings.WHATSAPP_APP_SECRET) return { status: 404, body: "WhatsApp's webhook is not set up", updated: 0 };
  if (!signature || !sameText(signature, whatsAppSignature(rawBody, settings.WHATSAPP_APP_SECRET)))
    return { status: 401, body: "Bad signature", updated: 0 };
  let event: { entry?: { changes?: { value?: { statuses?: StatusUpdate[] } }[] }[] };
  try {
    event = JSON.parse(rawBody);
  } catch {
    return { status: 400, body: "The body is not JSON", updated: 0 };
  }
  let updated = 0;
  for (const entry of event.entry ?? [])
    for (const change of entry.changes ?? [])
      for (const update of change.value?.statuses ?? []) {
        if (typeof update.id !== "string" || typeof update.status !== "string" || !REPORTED.has(update.status)) continue;
        const error = update.errors?.[0];
        const reason = error
          ? `WhatsApp ${error.code ?? ""}: ${error.title ?? error.message ?? "failed"}${error.error_data?.details ? ` (${error.error_data.details})` : ""}`
          : null;
        if (await recordDeliveryStatus("whatsapp", update.id, update.status as "sent" | "delivered" | "read" | "failed", reason))
          updated += 1;
      }
  // Meta retries a webhook that is not answered 200: an event for a message we do not know is still received.
  return { status: 200, body: "EVENT_RECEIVED", updated };
}
