// Local stand-ins for the SMS and WhatsApp providers (issue 40), each an HTTP server started by the
// test that uses it and answering as the real API does (docs/messages.md):
// - SSL Wireless ISMS Plus v3: POST /api/v3/send-sms, JSON { api_token, sid, msisdn, sms, csms_id }
//   → HTTP 200 { status: "SUCCESS", status_code: 200, error_message: "", smsinfo: [...] }, or
//   { status: "FAILED", status_code: 4022, error_message: "The … field is required." } for a
//   missing field, 4003 "IP Blacklisted" for a refused caller;
// - BulkSMSBD: POST /api/smsapi, form api_key, type, number, senderid, message → { response_code:
//   202, message_id, success_message: "SMS Submitted Successfully", error_message: "" }, or 1001
//   "Invalid Number", 1002 a wrong sender id, 1003 a missing field, 1007 "Balance Insufficient";
// - WhatsApp Cloud API: POST /{version}/{phone number id}/messages with a bearer token →
//   { messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…" }] }, or Graph's
//   { error: { message, type, code, error_data, fbtrace_id } } (190 a bad token, 100 a bad
//   parameter, 132001 an unknown template, 131000 "Something went wrong" on a 500).
// `failNext(n)` makes the next n sends fail as the provider does when it is down or refusing.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeProvider<Request> {
  url: string;
  /** every send the fake accepted, in order */
  accepted: Request[];
  /** every call, accepted or not */
  calls: number;
  /** the next `count` sends fail (the provider down or refusing); `how` picks the failure */
  failNext(count: number, how?: "refuse" | "down"): void;
  close(): Promise<void>;
}

const BD_MSISDN = /^8801[3-9][0-9]{8}$/;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

async function start<Request>(
  handle: (
    request: IncomingMessage,
    body: string,
    failing: "refuse" | "down" | null,
  ) => { status: number; body: unknown; accepted?: Request },
): Promise<FakeProvider<Request>> {
  const accepted: Request[] = [];
  const failures: ("refuse" | "down")[] = [];
  let calls = 0;
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      calls += 1;
      const answer = handle(request, body, failures.shift() ?? null);
      if (answer.accepted) accepted.push(answer.accepted);
      json(response, answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accepted,
    get calls() {
      return calls;
    },
    failNext(count, how = "refuse") {
      for (let i = 0; i < count; i += 1) failures.push(how);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SslWirelessSms {
  msisdn: string;
  sms: string;
  csms_id: string;
  reference_id: string;
}

export function startSslWirelessFake(credentials: { apiToken: string; sid: string }) {
  const seenCsmsIds = new Set<string>();
  return start<SslWirelessSms>((request, raw, failing) => {
    if (request.method !== "POST" || request.url !== "/api/v3/send-sms") return { status: 404, body: { message: "Not Found" } };
    if (failing === "down") return { status: 500, body: { message: "Server Error" } };
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw);
    } catch {
      body = {};
    }
    const failed = (status_code: number, error_message: string) => ({
      status: 200,
      body: { status: "FAILED", status_code, error_message },
    });
    for (const field of ["api_token", "sid", "msisdn", "sms", "csms_id"])
      if (typeof body[field] !== "string" || body[field] === "")
        return failed(4022, `The ${field.replace("_", " ")} field is required.`);
    if (body.api_token !== credentials.apiToken || body.sid !== credentials.sid) return failed(4001, "Unauthorized");
    if ((body.csms_id as string).length > 20) return failed(4022, "The csms id may not be greater than 20 characters.");
    if (failing === "refuse") return failed(4003, "IP Blacklisted");
    if (!BD_MSISDN.test(body.msisdn as string)) return failed(4022, "Invalid msisdn");
    if (seenCsmsIds.has(body.csms_id as string)) return failed(4022, "Duplicate csms id");
    seenCsmsIds.add(body.csms_id as string);
    const reference_id = `${Date.now()}${randomBytes(3).toString("hex")}`;
    const sms = { msisdn: body.msisdn as string, sms: body.sms as string, csms_id: body.csms_id as string, reference_id };
    return {
      status: 200,
      accepted: sms,
      body: {
        status: "SUCCESS",
        status_code: 200,
        error_message: "",
        smsinfo: [
          {
            sms_status: "SUCCESS",
            status_message: "Success",
            msisdn: sms.msisdn,
            sms_type: /^[\x20-\x7e\s]*$/.test(sms.sms) ? "EN" : "BN",
            sms_body: sms.sms,
            csms_id: sms.csms_id,
            reference_id,
          },
        ],
      },
    };
  });
}

export interface BulkSmsBdSms {
  number: string;
  message: string;
  senderid: string;
  type: string;
  message_id: number;
}

export function startBulkSmsBdFake(credentials: { apiKey: string; senderId: string }) {
  let nextId = 13145326;
  return start<BulkSmsBdSms>((request, raw, failing) => {
    const url = new URL(request.url ?? "/", "http://fake");
    if (url.pathname !== "/api/smsapi") return { status: 404, body: { message: "Not Found" } };
    if (failing === "down") return { status: 502, body: "Bad Gateway" };
    const form = request.method === "POST" ? new URLSearchParams(raw) : url.searchParams;
    const error = (response_code: number, error_message: string) => ({ status: 200, body: { response_code, error_message } });
    const [apiKey, number, senderid, message] = ["api_key", "number", "senderid", "message"].map((name) => form.get(name) ?? "");
    if (!apiKey || !number || !senderid || !message)
      return error(1003, "Please Required all fields, or Contact Your System Administrator");
    if (apiKey !== credentials.apiKey) return error(1013, "Sender Id has not found Gateway by api key");
    if (senderid !== credentials.senderId) return error(1002, "Sender Id not correct or sender Id is disabled");
    if (!BD_MSISDN.test(number)) return error(1001, "Invalid Number");
    if (failing === "refuse") return error(1007, "Balance Insufficient");
    const sms = { number, message, senderid, type: form.get("type") ?? "", message_id: nextId++ };
    return {
      status: 200,
      accepted: sms,
      body: { response_code: 202, message_id: sms.message_id, success_message: "SMS Submitted Successfully", error_message: "" },
    };
  });
}

export interface WhatsAppSend {
  to: string;
  template: {
    name: string;
    language: { code: string };
    components: { type: string; parameters: { type: string; text: string }[] }[];
  };
  wamid: string;
}

export function startWhatsAppFake(credentials: { token: string; phoneNumberId: string; templates: string[] }) {
  const graphError = (status: number, code: number, message: string, type = "OAuthException", details?: string) => ({
    status,
    body: {
      error: {
        message,
        type,
        code,
        ...(details ? { error_data: { messaging_product: "whatsapp", details } } : {}),
        fbtrace_id: randomBytes(8).toString("base64url"),
      },
    },
  });
  return start<WhatsAppSend>((request, raw, failing) => {
    const path = /^\/v[0-9]+\.[0-9]+\/([0-9]+)\/messages$/.exec(request.url ?? "");
    if (request.method !== "POST" || !path) return graphError(400, 100, "Unsupported post request.", "GraphMethodException");
    if (request.headers.authorization !== `Bearer ${credentials.token}`)
      return graphError(401, 190, "Invalid OAuth access token - Cannot parse access token");
    if (path[1] !== credentials.phoneNumberId)
      return graphError(400, 100, `Unsupported post request. Object with ID '${path[1]}' does not exist`, "GraphMethodException");
    if (failing === "down") return graphError(500, 131000, "Something went wrong", "OAuthException", "Something went wrong");
    let body: { messaging_product?: string; to?: string; type?: string; template?: WhatsAppSend["template"] } = {};
    try {
      body = JSON.parse(raw);
    } catch {
      return graphError(400, 100, "Invalid parameter");
    }
    if (
      body.messaging_product !== "whatsapp" ||
      body.type !== "template" ||
      !body.to ||
      !body.template?.name ||
      !body.template.language?.code
    )
      return graphError(
        400,
        100,
        "Invalid parameter",
        "OAuthException",
        "messaging_product, to, type=template and template { name, language } are required",
      );
    if (failing === "refuse")
      return graphError(
        400,
        131048,
        "Spam rate limit hit",
        "OAuthException",
        "Message failed to send because there are restrictions on how many messages can be sent from this phone number.",
      );
    if (!credentials.templates.includes(body.template.name))
      return graphError(
        404,
        132001,
        "Template name does not exist in the translation",
        "OAuthException",
        `template name (${body.template.name}) does not exist in ${body.template.language.code}`,
      );
    const wamid = `wamid.${randomBytes(18).toString("base64url")}`;
    return {
      status: 200,
      accepted: { to: body.to, template: body.template, wamid },
      body: { messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: wamid }] },
    };
  });
}

/** A webhook body as Meta sends it for a status change of a sent message. */
export function whatsAppStatusEvent(
  phoneNumberId: string,
  wamid: string,
  status: "sent" | "delivered" | "read" | "failed",
  error?: { code: number; title: string; details: string },
): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
              statuses: [
                {
                  id: wamid,
                  status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: "8801712345678",
                  ...(error
                    ? {
                        errors: [
                          { code: error.code, title: error.title, message: error.title, error_data: { details: error.details } },
                        ],
                      }
                    : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  });
}
