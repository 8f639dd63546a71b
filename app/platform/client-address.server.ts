import { env } from "~/platform/env.server";

/**
 * The client's address: the server's load context when it passes one (`clientAddress`), else the
 * X-Forwarded-For entry added by the last trusted proxy when TRUST_PROXY > 0, else unknown.
 */
export function clientAddress(request: Request, context?: unknown): string | null {
  const fromContext = (context as { clientAddress?: unknown } | undefined)?.clientAddress;
  if (typeof fromContext === "string" && fromContext) return fromContext;
  const trusted = env().TRUST_PROXY;
  if (trusted > 0) {
    const chain = (request.headers.get("X-Forwarded-For") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const address = chain[chain.length - trusted];
    if (address) return address.slice(0, 100);
  }
  return null;
}
