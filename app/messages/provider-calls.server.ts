// What every provider's adapter shares: the message it is given, the error it throws, the call.
import { createHash } from "node:crypto";
import type { Language } from "~/platform/i18n";

export interface Outgoing {
  /** our id of the message: SSL Wireless's csms_id is made from it, so a retry is the same message */
  id: string;
  /** 8801XXXXXXXXX */
  to: string;
  text: string;
  language: Language;
  /** WhatsApp: the pre-approved template and its body's parameters */
  template: string | null;
  params: string[];
}

export interface Sender {
  send(message: Outgoing): Promise<{ providerId: string | null }>;
}

/** A provider's refusal or an unreachable provider; `retryable`: a later attempt may go through. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** How long a provider may take to answer. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** A POST to a provider: a network failure or a timeout is a retryable ProviderError. */
export async function postTo(provider: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, method: "POST", signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError(`${provider} not reached: ${(error as Error).message}`, true);
  }
}

/** SSL Wireless's csms_id: unique per message, at most 20 characters, the same on every attempt. */
export function csmsId(messageId: string): string {
  return createHash("sha256").update(messageId).digest("hex").slice(0, 20);
}
