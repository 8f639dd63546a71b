import {
  type ActionFunctionArgs,
  type AppLoadContext,
  type EntryContext,
  type LoaderFunctionArgs,
  createReadableStreamFromReadable,
} from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { accountsHousekeeping } from "~/accounts/index.server";
import { bookingJobs } from "~/booking/index.server";
import { maxUploadFormBytes } from "~/catalogue/index.server";
import { type FallbackI18n, FallbackI18nContext } from "~/components/language-context";
import { NonceContext, nonceFrom } from "~/http/csp-nonce";
import { logError } from "~/http/log.server";
import { cachedPage, rememberPage, rememberVisitorPage, renderCacheKey } from "~/http/render-cache.server";
import { scriptsAfterLoad } from "~/http/scripts-after-load.server";
import { InlineStylesContext } from "~/http/site-styles";
import { siteStyles } from "~/http/site-styles.server";
import { messagesJob } from "~/messages/index.server";
import { gatewayOrigins, paymentsConfigured } from "~/payments/index.server";
import { closeDatabase, databaseKind, openDatabase } from "~/platform/db.server";
import { env } from "~/platform/env.server";
import { joinFleet, leaveFleet } from "~/platform/fleet.server";
import { housekeepingJob } from "~/platform/housekeeping.server";
import { chooseLanguage, messagesFor } from "~/platform/i18n.server";
import { type PeriodicJob, startJobs, stopJobs } from "~/platform/jobs.server";
import { outboxJob } from "~/platform/mail.server";
import { objectStorageLocation } from "~/platform/object-storage.server";

const ABORT_DELAY = 5_000;

// Hooks for server/start.mjs: validate the configuration and migrate before listening.
export { answerDatabaseOutages } from "~/http/outage.server";
export { logger } from "~/platform/logger.server";
export { logPath } from "~/http/log.server";
export { visitorPages } from "~/http/render-cache.server";
export { requestRecorder } from "~/http/request-metrics.server";
export { inRequestScope } from "~/platform/request-scope.server";
// For scripts/photos-to-s3.mjs (npm run photos:to-s3), with the app's configuration and storage.
export { copyUploadsToBucket } from "~/platform/object-storage.server";
// For scripts/admin.mjs (npm run admin): an administrator made or reset from the command line.
export { createOrResetAdministrator } from "~/accounts/index.server";
export { closeDatabase } from "~/platform/db.server";

/**
 * Every periodic job, each run once a period by the whole fleet (app/platform/jobs.server.ts):
 * a new one goes on its capability's server door and into this list.
 */
const JOBS: readonly PeriodicJob[] = [...bookingJobs, outboxJob, messagesJob, housekeepingJob(accountsHousekeeping)];

export async function startup(): Promise<void> {
  env();
  await openDatabase();
  await joinFleet();
  startJobs(JOBS);
}

export function publicConfig() {
  const config = env();
  return {
    port: config.PORT,
    trustProxy: config.TRUST_PROXY,
    database: databaseKind(),
    photos: objectStorageLocation(),
    cardPayments: paymentsConfigured(),
    gatewayOrigins: gatewayOrigins(),
    maxUploadBytes: maxUploadFormBytes(),
  };
}

export async function shutdown(): Promise<void> {
  await stopJobs();
  await leaveFleet();
  await closeDatabase();
}

/**
 * Errors of loaders, actions and rendering: one JSON line with the stack, on the server only.
 * Remix's own 4xx answers (405 for a method a page has no handler for, 404 for no route) are
 * the client's doing: the request log line records them, not an error line.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error)) {
    if (error.status < 500) return;
    // The error Remix wrapped, when it kept one.
    error = (error as { error?: unknown }).error ?? new Error(`${error.status} ${error.statusText}`);
  }
  logError(error, request);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = nonceFrom(loadContext);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const cacheKey = renderCacheKey(request, responseStatusCode, responseHeaders, remixContext);
  const cached = cacheKey ? cachedPage(cacheKey, nonce) : null;
  if (cacheKey && cached) {
    rememberVisitorPage(cacheKey, responseHeaders, loadContext);
    return new Response(cached as Uint8Array<ArrayBuffer>, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
  // The root's loader gives the page its language and messages; an error page without them (an
  // outage) is written in the language the request asks for.
  const fallback = remixContext.staticHandlerContext.loaderData?.root ? null : fallbackI18n(request);
  // A page that will be cached is rendered whole, like one for a bot; others stream.
  const waitForAll = cacheKey !== null || isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesContext.Provider value={siteStyles()}>
          <FallbackI18nContext.Provider value={fallback}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </FallbackI18nContext.Provider>
        </InlineStylesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = scriptsAfterLoad();
          if (cacheKey && !failed) {
            const chunks: Buffer[] = [];
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("end", () => {
              rememberPage(cacheKey, Buffer.concat(chunks), nonce);
              rememberVisitorPage(cacheKey, responseHeaders, loadContext);
            });
          }
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          if (shellRendered) logError(error, request);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

function fallbackI18n(request: Request): FallbackI18n {
  const { language } = chooseLanguage(request);
  return { language, messages: messagesFor(language, ["common"]) };
}
