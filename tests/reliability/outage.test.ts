// PostgreSQL outages seen by one running app process: its database connection goes through a
// TCP proxy that the test cuts (a stopped server: connections dropped, new ones refused) or turns
// into a black hole (a lost network: nothing answers). Pages answer a 503 page in the site's
// look, /api a JSON 503, nothing hangs, and the same process recovers once the database is back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, serverUrl, sleep, startApp, TEST_ADMIN, type AppProcess, type TestDatabase } from "./support/app";
import { addPackage, Client, logIn, register } from "./support/client";
import { recordFigures } from "./support/figures";
import { startPgProxy, type PgProxy } from "./support/pg-proxy";

let database: TestDatabase;
let proxy: PgProxy;
let app: AppProcess;
let admin: Client;
let customer: Client;
let anonymous: Client;
let serviceId: string;

beforeAll(async () => {
  database = await createDatabase("outage");
  proxy = await startPgProxy(serverUrl());
  app = await startApp(proxy.urlFor(database.url));
  admin = await logIn(app.origin, TEST_ADMIN.email, TEST_ADMIN.password);
  customer = await register(app.origin, `outage-${Date.now()}@example.com`);
  anonymous = new Client(app.origin);
  // A package without departures: the orders of the outage need no seats.
  serviceId = (await addPackage(admin, "Outage Tour", 100))._id;
});

afterAll(async () => {
  await proxy?.restore();
  const exitCode = await app?.stop();
  if (exitCode !== 0) process.stderr.write(`the app's output:\n${app?.output()}\n`);
  expect(exitCode).toBe(0);
  await proxy?.close();
  await database?.drop();
});

interface Probe {
  name: string;
  kind: "page" | "api" | "ready";
  send: () => Promise<Response>;
}

// What visitors, customers, administrators and the load balancer do, reads and writes.
const probes = (): Probe[] => [
  { name: "GET / (visitor)", kind: "page", send: () => anonymous.get("/") },
  { name: "GET /services (visitor)", kind: "page", send: () => anonymous.get("/services") },
  { name: `GET /order/{id} (visitor)`, kind: "page", send: () => anonymous.get(`/order/${serviceId}`) },
  { name: "GET /dashboard/myOrder (customer)", kind: "page", send: () => customer.get("/dashboard/myOrder") },
  {
    name: "POST /login",
    kind: "page",
    send: () => anonymous.postForm("/login", { email: TEST_ADMIN.email, password: "wrong-password" }),
  },
  { name: "GET /api/services", kind: "api", send: () => anonymous.get("/api/services") },
  { name: "GET /api/my-orders (admin)", kind: "api", send: () => admin.get("/api/my-orders") },
  {
    name: "POST /api/my-orders (customer)",
    kind: "api",
    send: () =>
      customer.json("POST", "/api/my-orders", {
        service: serviceId,
        quantity: 2,
        type: "city",
        firstName: "Karim",
        lastName: "Hasan",
        streetAddress: "Road 1",
        townName: "Dhaka",
        district: "Dhaka",
        mobileNumber: "01712345678",
        email: "karim@example.com",
      }),
  },
  { name: "GET /readyz", kind: "ready", send: () => anonymous.get("/readyz") },
];

interface Answer {
  name: string;
  kind: Probe["kind"];
  status: number;
  ms: number;
  /** performance.now() when the answer came */
  at: number;
  contentType: string;
  body: string;
}

/** Every probe at once; a request that takes more than 15 s counts as hung (status 0). */
async function sweep(): Promise<Answer[]> {
  return Promise.all(
    probes().map(async (probe) => {
      const started = performance.now();
      const response = await Promise.race([probe.send(), sleep(15_000).then(() => null)]);
      const body = response ? await response.text() : "";
      return {
        name: probe.name,
        kind: probe.kind,
        status: response?.status ?? 0,
        ms: performance.now() - started,
        at: performance.now(),
        contentType: response?.headers.get("Content-Type") ?? "",
        body,
      };
    }),
  );
}

const isHealthy = (answer: Answer) => answer.status < 500 && answer.status !== 0;

/** Sweeps until `done` holds for every answer; returns the seconds it took and every answer seen. */
async function sweepUntil(done: (answer: Answer) => boolean, since: number, limitMs = 30_000) {
  const seen: Answer[] = [];
  for (;;) {
    const answers = await sweep();
    seen.push(...answers);
    if (answers.every(done)) return { seconds: (performance.now() - since) / 1000, last: answers, seen };
    if (performance.now() - since > limitMs) {
      throw new Error(`not settled after ${limitMs} ms: ${JSON.stringify(answers.map(({ name, status }) => [name, status]))}`);
    }
    await sleep(200);
  }
}

function expectOutageAnswers(answers: Answer[]) {
  for (const answer of answers) {
    expect(answer.status, answer.name).toBe(503);
    if (answer.kind === "page") {
      // The site's own page: its stylesheet, navigation and footer, and a friendly message.
      expect(answer.contentType, answer.name).toMatch(/^text\/html/);
      expect(answer.body, answer.name).toMatch(/<style id="site-styles">/);
      expect(answer.body, answer.name).toContain("Temporarily unavailable");
      expect(answer.body, answer.name).toContain("Please try again in a moment.");
      expect(answer.body, answer.name).toMatch(/<nav[\s>]/);
      expect(answer.body, answer.name).toMatch(/<footer[\s>]/);
      expect(answer.body, answer.name).not.toMatch(/prisma|ECONNREFUSED|stack/i);
    } else {
      expect(answer.contentType, answer.name).toMatch(/^application\/json/);
      const body = JSON.parse(answer.body);
      expect(answer.kind === "ready" ? body.status : body.error, answer.name).toMatch(/unavailable/);
    }
  }
}

async function countOrders() {
  return Number((await database.query<{ n: string }>(`SELECT count(*) AS n FROM "Order"`))[0].n);
}

describe("PostgreSQL outages", () => {
  const figures: Record<string, number> = {};

  it("answers everything normally before the outage", async () => {
    const answers = await sweep();
    expect(answers.filter((answer) => !isHealthy(answer)).map((answer) => answer.name)).toEqual([]);
    expect((await anonymous.get("/healthz")).status).toBe(200);
  });

  for (const outage of ["stopped", "black-hole"] as const) {
    it(`database ${outage === "stopped" ? "stopped (connections dropped and refused)" : "unreachable (packets lost)"}: 503s, no hang, recovery without restart`, async () => {
      const ordersBefore = await countOrders();
      const cutAt = performance.now();
      if (outage === "stopped") await proxy.cut();
      else proxy.blackHole();

      // Every probe answers 503 once the package lists' few-second cache has run out.
      const down = await sweepUntil((answer) => answer.status === 503, cutAt);
      expectOutageAnswers(down.last);
      const firstOutageAnswer = down.seen.find((answer) => answer.status === 503)!;
      // Nothing else than a normal answer or a 503 was ever seen, and nothing hung.
      expect(
        down.seen.filter((answer) => !isHealthy(answer) && answer.status !== 503).map(({ name, status }) => `${name}: ${status}`),
      ).toEqual([]);
      // A few more sweeps during the outage, to measure the slowest answer.
      const during = [...down.last];
      for (let round = 0; round < 2; round += 1) during.push(...(await sweep()));
      expectOutageAnswers(during.slice(-probes().length));
      const slowestMs = Math.max(...during.map((answer) => answer.ms));
      // Refused connections fail at once; lost packets wait for the 5 s connect or query timeout.
      expect(slowestMs).toBeLessThan(outage === "stopped" ? 3_000 : 8_000);
      // The process itself stays alive and says so.
      expect((await anonymous.get("/healthz")).status).toBe(200);

      const restoredAt = performance.now();
      await proxy.restore();
      const up = await sweepUntil(isHealthy, restoredAt);
      expect(app.child.exitCode).toBeNull();
      expect(app.output().match(/"msg":"listening on/g)).toHaveLength(1);
      // Every order the API confirmed (201) is there, and the refused ones left nothing behind.
      const confirmed = [...down.seen, ...during, ...up.seen].filter(
        (answer) => answer.name.startsWith("POST /api/my-orders") && answer.status === 201,
      );
      expect(confirmed.length).toBeGreaterThan(0);
      expect(await countOrders()).toBe(ordersBefore + confirmed.length);

      figures[`${outage}_secondsToFirst503`] = round((firstOutageAnswer.at - cutAt) / 1000);
      figures[`${outage}_secondsToAll503`] = round(down.seconds);
      figures[`${outage}_slowestAnswerMsDuringOutage`] = Math.round(slowestMs);
      figures[`${outage}_recoverySeconds`] = round(up.seconds);
      figures[`${outage}_requestsDuringOutage`] = down.seen.length + during.length - down.last.length;
    });
  }

  it("records the figures", () => {
    expect(Object.keys(figures)).toHaveLength(10);
    recordFigures("outage", { probesPerSweep: probes().length, ...figures });
  });
});

function round(seconds: number) {
  return Math.round(seconds * 100) / 100;
}
