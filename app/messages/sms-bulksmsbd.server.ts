// BulkSMSBD (docs/messages.md): POST {BULKSMSBD_BASE_URL}/api/smsapi, form fields api_key, type
// ("text"), number, senderid, message. It answers JSON { response_code, message_id?,
// success_message, error_message }: 202 is "SMS Submitted Successfully"; 1001 an invalid number,
// 1002 a wrong or disabled sender id, 1003 a missing field, 1005 an internal error, 1007 too little
// balance, … 1031 an unverified account, 1032 an address not whitelisted.
import { type Outgoing, postTo, ProviderError, type Sender } from "~/messages/provider-calls.server";
import type { Env } from "~/platform/env.server";

const BULKSMSBD_SUBMITTED = 202;
/** The number itself is wrong: no later attempt helps. */
const BULKSMSBD_INVALID_NUMBER = 1001;

interface BulkSmsBdAnswer {
  response_code?: number | string;
  message_id?: number | string;
  success_message?: string;
  error_message?: string;
}

export function bulkSmsBdSender(settings: Env): Sender | null {
  const { BULKSMSBD_API_KEY: apiKey, BULKSMSBD_SENDER_ID: senderId, BULKSMSBD_BASE_URL: base } = settings;
  if (!apiKey || !senderId) return null;
  return {
    async send(message: Outgoing) {
      const form = new URLSearchParams({
        api_key: apiKey,
        type: "text",
        number: message.to,
        senderid: senderId,
        message: message.text,
      });
      const response = await postTo("BulkSMSBD", `${base}/api/smsapi`, {
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: form.toString(),
      });
      const answer = (await response.json().catch(() => null)) as BulkSmsBdAnswer | null;
      const code = Number(answer?.response_code);
      if (!answer || !Number.isInteger(code))
        throw new ProviderError(`BulkSMSBD answered HTTP ${response.status} without its JSON`, true);
      if (code !== BULKSMSBD_SUBMITTED)
        throw new ProviderError(
          `BulkSMSBD ${code}: ${answer.error_message || answer.success_message || "refused"}`,
          code !== BULKSMSBD_INVALID_NUMBER,
        );
      return { providerId: answer.message_id !== undefined && answer.message_id !== null ? String(answer.message_id) : null };
    },
  };
}
