// GET /metrics: this instance's figures in Prometheus text format, for the operator's scraper
// (docs/operations.md, Metrics): 404 without METRICS_TOKEN, 401 without its bearer token.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { seatsHeldNow } from "~/booking/index.server";
import { metricsRefusal, metricsText } from "~/platform/metrics.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const refusal = metricsRefusal(request);
  if (refusal) return refusal;
  const { body, contentType } = await metricsText({ seatsHeld: await seatsHeldNow() });
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
}
