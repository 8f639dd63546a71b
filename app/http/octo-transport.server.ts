// The transport of the OCTO API under /octo (app/distribution/ holds its rules): one wrapper that
// authenticates the reseller's key, counts the call against the key's rate limit, reads the
// Octo-Capabilities header and answers every failure with the specification's error body.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { OctoError, octoErrors, requestedCapabilities } from "~/distribution";
import { authenticateResellerKey, type ResellerCaller } from "~/distribution/index.server";
import { bearerToken } from "~/http/api.server";
import { logError } from "~/http/log.server";
import { take } from "~/platform/rate-limit.server";
import { readTextWithin } from "~/platform/request-body.server";

interface OctoCall {
  request: Request;
  params: LoaderFunctionArgs["params"];
  reseller: ResellerCaller;
  /** set when the request asked for `octo/pricing`: the reseller's commission prices net */
  seller: ResellerCaller | null;
}

type OctoMethod = "GET" | "POST" | "PATCH";
type OctoHandler = (call: OctoCall) => Promise<unknown>;

function octoJson(status: number, body: unknown, capabilities: string[], headers: HeadersInit = {}): Response {
  const merged = new Headers(headers);
  merged.set("Cache-Control", "no-store");
  merged.set("Octo-Capabilities", capabilities.join(", "));
  return Response.json(body, { status, headers: merged });
}

async function authenticate(request: Request): Promise<ResellerCaller> {
  const header = request.headers.get("Authorization");
  if (header === null || header.trim() === "") throw octoErrors.unauthorized();
  const key = bearerToken(request);
  if (!key) throw octoErrors.unauthorized();
  const reseller = await authenticateResellerKey(key);
  if (!reseller) throw octoErrors.forbidden();
  const counted = await take("octo", { account: reseller.keyId, address: null });
  if (counted.refused) {
    const refusal = octoErrors.tooManyRequests(counted.refused.message);
    throw Object.assign(refusal, { retryAfterSeconds: counted.refused.retryAfterSeconds });
  }
  return reseller;
}

/** The loader and action of one /octo route: its methods' handlers return the JSON to send. */
export function octoRoute(handlers: Partial<Record<OctoMethod, OctoHandler>>) {
  const allowed = Object.keys(handlers) as OctoMethod[];
  const handle = async ({ request, params }: LoaderFunctionArgs): Promise<Response> => {
    const capabilities = requestedCapabilities(request.headers.get("Octo-Capabilities"));
    try {
      const method = request.method === "HEAD" ? "GET" : request.method;
      const handler = handlers[method as OctoMethod];
      if (!handler) throw octoErrors.methodNotAllowed(allowed);
      const reseller = await authenticate(request);
      const seller = capabilities.includes("octo/pricing") ? reseller : null;
      return octoJson(200, await handler({ request, params, reseller, seller }), capabilities);
    } catch (error) {
      if (error instanceof OctoError) {
        const headers: Record<string, string> = {};
        if (error.status === 405) headers.Allow = allowed.join(", ");
        if (error.status === 401) headers["WWW-Authenticate"] = 'Bearer realm="octo"';
        const retry = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
        if (retry) headers["Retry-After"] = String(retry);
        return octoJson(error.status, error.body, capabilities, headers);
      }
      logError(error, request);
      return octoJson(500, octoErrors.internal().body, capabilities);
    }
  };
  return { loader: handle, action: handle };
}

const MAX_BODY_BYTES = 64 * 1024;

/** The JSON body of a POST: BAD_REQUEST when it is not JSON or too large. */
export async function readOctoBody(request: Request): Promise<unknown> {
  const text = await readTextWithin(request, MAX_BODY_BYTES);
  if (text === null) throw octoErrors.badRequest(`The request body is too large (at most ${MAX_BODY_BYTES / 1024} KB).`);
  try {
    return text.trim() === "" ? {} : (JSON.parse(text) as unknown);
  } catch {
    throw octoErrors.badRequest("The request body is not valid JSON.");
  }
}
