// Production HTTP server: the Remix build behind Express (the same adapter @remix-run/serve uses),
// plus what an operator needs: migrations before listening, static caching, compression,
// one JSON log line per request with a request id, and a graceful shutdown.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { assertRunnable, loadBuild, watchBuild } from "./build.mjs";
import { crossSiteGuard, formBodyGuard, hostGuard, pathGuard } from "./request-guards.mjs";
import { securityHeaders } from "./security-headers.mjs";
import { unreadBody } from "./unread-body.mjs";

installGlobals({ nativeFetch: true });
// A local .env file, if any; variables already set in the environment win.
if (existsSync(".env")) process.loadEnvFile(".env");

const BUILD_PATH = path.resolve(process.env.BUILD_PATH ?? "build/index.js");
const build = await loadBuild(BUILD_PATH);
assertRunnable(build);
const hooks = build.entry.module;
// The app's logger (app/platform/logger.server.ts): one JSON line per event, for the server and the app alike.
const { logger } = hooks;
// The path a request line shows: no query, no token (app/http/log.server.ts). The bench's reference
// app (bench/fixture) serves no links with tokens and has no such hook.
const logPath = hooks.logPath ?? ((url) => new URL(url, "http://localhost").pathname);

// Fail fast on bad configuration or an unreachable database, before taking traffic.
try {
  await hooks.startup();
} catch (error) {
  logger.fatal({ error: error.message }, "start-up failed");
  process.exit(1);
}
const config = hooks.publicConfig();

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
// Requests per route pattern for GET /metrics (app/http/request-metrics.server.ts); the bench's
// reference app (bench/fixture) has no such hook.
const recordRequest = hooks.requestRecorder?.(build) ?? (() => {});

const app = express();
app.disable("x-powered-by");
if (config.trustProxy > 0) app.set("trust proxy", config.trustProxy);
// A body left unread by an early answer must not stall the connection's next request.
app.use(unreadBody());
// Pages are compressed with gzip: brotli cost about 4 ms of CPU per response in our benchmark
// (docs/performance.md), a quarter of a page's whole budget; a CDN or proxy can still add it.
app.use((req, _res, next) => {
  const accepted = req.headers["accept-encoding"];
  if (accepted) req.headers["accept-encoding"] = accepted.replace(/\bbr\b(;q=[0-9.]+)?,?\s*/g, "");
  next();
});
app.use(compression());
app.use(
  securityHeaders({
    production: build.mode === "production",
    cardPayments: config.cardPayments,
    gatewayOrigins: config.gatewayOrigins,
  }),
);

app.use((req, res, next) => {
  const started = process.hrtime.bigint();
  // A client's id only when it is a short token: it goes into headers and every log line.
  const given = req.get("x-request-id");
  const requestId = given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader("X-Request-Id", requestId);
  req.headers["x-request-id"] = requestId; // for the app's error log lines
  res.on("finish", () => {
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    recordRequest(req.method, req.path, res.statusCode, durationMs / 1000);
    logger.info(
      {
        requestId,
        method: req.method,
        path: logPath(req.originalUrl),
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      },
      "request",
    );
  });
  next();
});

// Fingerprinted assets never change. A missing one (an old client after a deploy) gets a plain
// 404 here instead of a server-rendered page.
app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", fallthrough: false }));
// Pictures under public/images keep their name only while their content stays the same (a changed
// picture gets a new file name, docs/features.md, "Static files"), so browsers may keep them a year as well.
// A missing picture is a short 404 (no page rendered, no error logged).
app.use("/images", express.static("public/images", { maxAge: "1y" }), (_req, res) => {
  res.status(404).setHeader("Cache-Control", "no-store");
  res.type("text").send("There is no such picture.");
});
// The other files of public/ (favicon.svg) all have an extension; a page's path (the last segment
// without a dot) skips the file lookup, a file-system call per request.
const publicFiles = express.static("public", { maxAge: "1d" });
app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));

// Malformed hosts, forged cross-site writes, page posts that are not forms and U+0000 in paths stop
// here, before any route runs.
app.use(hostGuard());
app.use(crossSiteGuard());
app.use(formBodyGuard({ maxUploadBytes: config.maxUploadBytes }));
app.use(pathGuard());
// A visitor's page rendered less than a second ago, with no write since, is answered here
// (app/http/render-cache.server.ts). The bench's reference app (bench/fixture) has no such hook.
if (hooks.visitorPages) app.use(hooks.visitorPages());
// clientAddress for rate limits: the socket's, or per TRUST_PROXY the proxies' X-Forwarded-For.
// cspNonce: the Content-Security-Policy nonce of this response, for Remix's inline scripts.
// visitorRequest: set by visitorPages when the page may be kept for the next visitors.
const remixHandler = (serverBuild) =>
  createRequestHandler({
    // An unreachable database answers 503 (a page in the site's look, or JSON on /api), not 500.
    build: hooks.answerDatabaseOutages(serverBuild),
    mode: serverBuild.mode,
    getLoadContext: (req, res) => ({
      clientAddress: req.ip,
      cspNonce: res.locals.cspNonce,
      visitorRequest: res.locals.visitorRequest,
    }),
  });
let handleWithRemix = remixHandler(build);
// Each request in its own scope: the app looks its session up once per request (app/platform/request-scope.server.ts).
// The bench's reference app (bench/fixture) has no such hook.
const inRequestScope = hooks.inRequestScope ?? ((handle) => handle());
// app.use, not app.all("*"): a "*" route decodes the whole path into a parameter on every request.
app.use((req, res, next) => inRequestScope(() => handleWithRemix(req, res, next)));
if (build.mode === "development") {
  watchBuild(BUILD_PATH, (next) => {
    handleWithRemix = remixHandler(next);
    void broadcastDevReady(next);
  });
}

const server = app.listen(config.port, () => {
  logger.info({ database: config.database, photos: config.photos }, `listening on http://localhost:${config.port}`);
  if (build.mode === "development") void broadcastDevReady(build);
});
server.keepAliveTimeout = 65_000;

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: finishing requests in flight`);
  const forced = setTimeout(() => process.exit(1), 20_000);
  forced.unref();
  server.close(async () => {
    await hooks.shutdown().catch((error) => logger.error({ stack: error.stack }, `shutdown: ${error.message}`));
    process.exit(0);
  });
  server.closeIdleConnections?.();
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
