// Graceful shutdown of a real app process: on SIGTERM it stops accepting connections, finishes
// the request in flight, closes its database connections properly and exits 0. The database is
// reached through a TCP proxy that sees whether each connection ended with PostgreSQL's Terminate.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, serverUrl, sleep, startApp, TEST_ADMIN, type AppProcess, type TestDatabase } from "./support/app";
import { logIn } from "./support/client";
import { recordFigures } from "./support/figures";
import { startPgProxy, type PgProxy } from "./support/pg-proxy";

let database: TestDatabase;
let proxy: PgProxy;
let app: AppProcess;

beforeAll(async () => {
  database = await createDatabase("shutdown");
  proxy = await startPgProxy(serverUrl());
  app = await startApp(proxy.urlFor(database.url));
});

afterAll(async () => {
  await app?.stop();
  await proxy?.close();
  await database?.drop();
});

/** A login form post whose body arrives in two parts: the request stays in flight until `finish`. */
function slowLogin(port: number) {
  const body = new URLSearchParams({ email: TEST_ADMIN.email, password: "not-the-password" }).toString();
  const half = Math.floor(body.length / 2);
  let finish!: () => void;
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/login",
        agent: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          Origin: `http://127.0.0.1:${port}`,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  return { response, finish: () => finish() };
}

describe("graceful shutdown", () => {
  it("finishes the request in flight, refuses new connections, closes the database and exits 0", async () => {
    // Some traffic first, so that the pool holds open database connections.
    await logIn(app.origin, TEST_ADMIN.email, TEST_ADMIN.password);
    await Promise.all(["/", "/services", "/api/services"].map((path) => fetch(app.origin + path).then((r) => r.text())));
    const openBefore = proxy.open();
    expect(openBefore).toBeGreaterThan(0);

    const inFlight = slowLogin(app.port);
    await sleep(300);
    const signalledAt = performance.now();
    app.child.kill("SIGTERM");
    await sleep(500);

    // No new connections: the port is closed.
    const refused = await fetch(`${app.origin}/healthz`).then(
      () => null,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(refused).toBe("ECONNREFUSED");
    expect(app.child.exitCode).toBeNull();

    // The request in flight still gets its whole answer.
    inFlight.finish();
    const { status, text } = await inFlight.response;
    expect(status).toBe(401);
    expect(text).toContain("Wrong email or password");
    expect(text).toContain("</html>");

    const code = await app.exited;
    const shutdownSeconds = (performance.now() - signalledAt) / 1000;
    expect(code).toBe(0);
    expect(shutdownSeconds).toBeLessThan(10);
    expect(app.output()).toContain("SIGTERM: finishing requests in flight");

    // Every database connection was ended by the app with a Terminate message, none just dropped.
    await sleep(200);
    expect(proxy.open()).toBe(0);
    const closed = proxy.closedConnections();
    expect(closed.total).toBeGreaterThanOrEqual(openBefore);
    expect(closed.terminated).toBe(closed.total);

    recordFigures("shutdown", {
      inFlightRequestStatus: status,
      newConnection: refused,
      exitCode: code,
      secondsFromSigtermToExit: Math.round(shutdownSeconds * 100) / 100,
      databaseConnectionsClosedWithTerminate: `${closed.terminated}/${closed.total}`,
    });
  });
});
