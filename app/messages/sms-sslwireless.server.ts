// SSL Wireless ISMS Plus, API v3 (docs/messages.md): POST {SSLWIRELESS_BASE_URL}/api/v3/send-sms
// with JSON { api_token, sid, msisdn, sms, csms_id }. It answers HTTP 200 with
// { status: "SUCCESS" | "FAILED", status_code, error_message, smsinfo: [{ sms_status, status_message,
// msisdn, csms_id, reference_id, … }] }; a refusal is status FAILED with its code (4003 "IP
// Blacklisted", 4022 a missing or invalid field, …) and error_message.
import { csmsId, type Outgoing, postTo, ProviderError, type Sender } from "~/messages/provider-calls.server";
import type { Env } from "~/platform/env.server";

interface SslWirelessAnswer {
  status?: string;
  status_code?: number;
  error_message?: string;
  smsinfo?: { sms_status?: string; status_message?: string; reference_id?: string | number }[];
}

export function sslWirelessSender(settings: Env): Sender | null {
  const { SSLWIRELESS_API_TOKEN: token, SSLWIRELESS_SID: sid, SSLWIRELESS_BASE_URL: base } = settings;
  if (!token || !sid) return null;
  return {
    async send(message: Outgoing) {
      const response = await postTo("SSL Wireless", `${base}/api/v3/send-sms`, {
        headers: { accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({ api_token: token, sid, msisdn: message.to, sms: message.text, csms_id: csmsId(message.id) }),
      });
      const answer = (await response.json().catch(() => null)) as SslWirelessAnswer | null;
      if (!answer || typeof answer.status !== "string")
        throw new ProviderError(`SSL Wireless answered HTTP ${response.status} without its JSON`, true);
      if (answer.status !== "SUCCESS" || answer.status_code !== 200)
        throw new ProviderError(
          `SSL Wireless ${answer.status_code ?? response.status}: ${answer.error_message || answer.status}`,
          true,
        );
      const info = answer.smsinfo?.[0];
      if (info?.sms_status && info.sms_status !== "SUCCESS")
        throw new ProviderError(`SSL Wireless: ${info.status_message || info.sms_status}`, true);
      return { providerId: info?.reference_id !== undefined ? String(info.reference_id) : null };
    },
  };
}
