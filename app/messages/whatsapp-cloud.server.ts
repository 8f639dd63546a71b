// WhatsApp through Meta's Cloud API (docs/messages.md): POST
// {WHATSAPP_API_BASE}/{version}/{WHATSAPP_PHONE_NUMBER_ID}/messages with a bearer token and
// { messaging_product: "whatsapp", to, type: "template", template: { name, language: { code },
// components: [{ type: "body", parameters: [{ type: "text", text }] }] } }. A message outside a
// conversation the person opened must be a pre-approved template: each kind has one. It answers
// { messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }, or an HTTP error with
// { error: { message, type, code, error_data: { details }, fbtrace_id } }.
import { type Outgoing, postTo, ProviderError, type Sender } from "~/messages/provider-calls.server";
import type { Env } from "~/platform/env.server";

/** The Graph API's version the calls name. */
const GRAPH_API_VERSION = "v21.0";

/** Refusals no later attempt changes: a bad parameter, an undeliverable number, a template that is not there. */
const PERMANENT = new Set([100, 131008, 131009, 131026, 131051, 132000, 132001, 132005, 132007, 132012, 132015, 132016]);

interface GraphAnswer {
  messages?: { id?: string }[];
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

export function whatsAppSender(settings: Env): Sender | null {
  const { WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_API_BASE: base } = settings;
  if (!token || !phoneNumberId) return null;
  return {
    async send(message: Outgoing) {
      if (!message.template) throw new ProviderError("WhatsApp: the message has no template", false);
      const response = await postTo("WhatsApp", `${base}/${GRAPH_API_VERSION}/${phoneNumberId}/messages`, {
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          messaging_product: "whatsapp",
          to: message.to,
          type: "template",
          template: {
            name: message.template,
            language: { code: message.language },
            components: message.params.length
              ? [{ type: "body", parameters: message.params.map((text) => ({ type: "text", text })) }]
              : [],
          },
        }),
      });
      const answer = (await response.json().catch(() => null)) as GraphAnswer | null;
      const id = answer?.messages?.[0]?.id;
      if (response.ok && id) return { providerId: id };
      const error = answer?.error;
      const reason = error
        ? `WhatsApp ${error.code ?? response.status}: ${error.message ?? "refused"}${error.error_data?.details ? ` (${error.error_data.details})` : ""}`
        : `WhatsApp answered HTTP ${response.status}`;
      const retryable = response.status >= 500 || response.status === 429 || !error?.code || !PERMANENT.has(error.code);
      throw new ProviderError(reason, retryable);
    },
  };
}
