// The log lines of a running production server, read from its output: expected 4xx answers are
// not errors, an error line says what went wrong, and a client's X-Request-Id is used only when
// it is a short token (it goes into a response header and every log line).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, serverUrl, sleep, startApp, type AppProcess, type TestDatabase } from "./support/app";
import { startPgProxy, type PgProxy } from "./support/pg-proxy";

let database: TestDatabase;
let proxy: PgProxy;
let app: AppProcess;

beforeAll(async () => {
  database = await createDatabase("logs");
  proxy = await startPgProxy(serverUrl());
  app = await startApp(proxy.urlFor(database.url));
});

afterAll(async () => {
  await proxy?.restore();
  expect(await app?.stop()).toBe(0);
  await proxy?.close();
  await database?.drop();
});

type Line = Record<string, unknown> & { level?: string; msg?: string; requestId?: string };

/** The process's JSON lines (anything else it printed is kept as its text). */
function lines(): Line[] {
  return app
    .output()
    .split("\n")
    .filter(Boolean)
    .map((text) => {
      try {
        return JSON.parse(text) as Line;
      } catch {
        return { level: "unparsed", msg: text };
      }
    });
}

/** The lines of one request, once its request line is out (it comes last, on finish). */
async function linesOf(requestId: string): Promise<Line[]> {
  for (let tries = 0; tries < 50 && !lines().some((line) => line.requestId === requestId && line.msg === "request"); tries++)
    await sleep(20);
  return lines().filter((line) => line.requestId === requestId);
}

async function send(path: string, requestId: string, init: RequestInit = {}) {
  const response = await fetch(app.origin + path, { ...init, headers: { ...init.headers, "X-Request-Id": requestId } });
  await response.arrayBuffer();
  return response;
}

describe("expected client errors", () => {
  it.each([
    ["GET", "/order/00000000-0000-4000-8000-000000000000", 404],
    ["GET", "/no-such-page", 404],
    ["OPTIONS", "/", 405],
    ["POST", "/about", 405],
    ["GET", "/api/services/no-such-id", 404],
  ])("%s %s: %i, logged as a request, not as an error", async (method, path, status) => {
    const requestId = `logs-${method}-${status}-${path.length}`;
    const form = method === "POST" ? { body: new URLSearchParams({ name: "x" }) } : {};
    const response = await send(path, requestId, { method, ...form });
    expect(response.status).toBe(status);
    const logged = await linesOf(requestId);
    expect(logged).toContainEqual(expect.objectContaining({ level: "info", msg: "request", method, path, status }));
    expect(logged.filter((line) => line.level !== "info")).toEqual([]);
  });
});

describe("error lines", () => {
  it("a database outage: an error line with a real message and the request's fields; no line says [object Object]", async () => {
    await proxy.cut();
    try {
      const response = await send("/api/services", "logs-outage-1");
      expect(response.status).toBe(503);
    } finally {
      await proxy.restore();
    }
    const errors = (await linesOf("logs-outage-1")).filter((line) => line.level === "error");
    expect(errors).toContainEqual(expect.objectContaining({ msg: "database unavailable" }));
    for (const line of errors) {
      expect(line).toMatchObject({ method: "GET", path: "/api/services" });
      expect(line.msg, JSON.stringify(line)).toMatch(/[a-z]{3}/i);
    }
    expect(app.output()).not.toContain("[object Object]");
    expect(lines().filter((line) => line.level === "unparsed")).toEqual([]);
  });
});

describe("X-Request-Id", () => {
  it("a short token of safe characters is echoed and logged", async () => {
    const response = await send("/healthz", "smoke-request-1");
    expect(response.headers.get("X-Request-Id")).toBe("smoke-request-1");
    expect(await linesOf("smoke-request-1")).toContainEqual(expect.objectContaining({ msg: "request", path: "/healthz" }));
  });

  it.each([
    ["markup and quotes", '<script>"x'],
    ["spaces", "two words"],
    ["65 characters", "a".repeat(65)],
    ["a forged log field", 'x","level":"fatal'],
  ])("%s: replaced by a generated id, in the header and in the log", async (_name, given) => {
    const response = await send("/healthz", given);
    const used = response.headers.get("X-Request-Id")!;
    expect(used).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await linesOf(used)).toContainEqual(expect.objectContaining({ msg: "request", path: "/healthz", status: 200 }));
    expect(app.output()).not.toContain(JSON.stringify(given).slice(1, -1));
  });
});

describe("tokens", () => {
  // A live-looking token of each kind of link: none may reach the output, whatever the answer.
  const token = "LiveTok3n_x9KfLp2Vw8RtYb4NcHs6JdMe1Ao7GuI";
  it.each([
    ["GET", `/reset-password/${token}`, "/reset-password/[redacted]"],
    ["POST", `/reset-password/${token}`, "/reset-password/[redacted]"],
    ["GET", `/reset-password?token=${token}`, "/reset-password"],
    ["GET", `/newsletter/confirm/${token}`, "/newsletter/confirm/[redacted]"],
    ["POST", `/newsletter/confirm/${token}`, "/newsletter/confirm/[redacted]"],
    ["GET", `/newsletter/unsubscribe/${token}`, "/newsletter/unsubscribe/[redacted]"],
    ["GET", `/reset%2Dpassword/${token}`, "/reset-password/[redacted]"],
    ["GET", `/auth/google/callback?code=${token}&state=${token}`, "/auth/google/callback"],
    ["GET", `/api/services?token=${token}`, "/api/services"],
  ])("%s %s: logged as %s", async (method, path, logged) => {
    const requestId = `logs-token-${method}-${path.length}-${logged.length}`;
    const form = method === "POST" ? { body: new URLSearchParams({ password: "x", confirmPassword: "x" }) } : {};
    await send(path, requestId, { method, redirect: "manual", ...form });
    expect(await linesOf(requestId)).toContainEqual(expect.objectContaining({ msg: "request", method, path: logged }));
    expect(app.output()).not.toContain(token);
  });
});
