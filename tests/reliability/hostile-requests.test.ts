// Small hostile requests against a production app process behind a trusted proxy (TRUST_PROXY=1),
// over real HTTP: a form post whose field name holds a huge list position (it used to block the
// event loop for 10 s, /healthz included, then answer 500), malformed X-Forwarded-Proto/-Host
// (they used to make the request URL throw: a 500 for every page), and a forged
// X-Forwarded-Host on the password-reset form (it used to put that host into the emailed link).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, startApp, type AppProcess, type TestDatabase } from "./support/app";
import { register } from "./support/client";

let database: TestDatabase;
let app: AppProcess;

beforeAll(async () => {
  database = await createDatabase("hostile");
  app = await startApp(database.url, { TRUST_PROXY: "1" });
});

afterAll(async () => {
  expect(await app?.stop()).toBe(0);
  await database?.drop();
});

async function timed(request: Promise<Response>) {
  const started = performance.now();
  const response = await request;
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const form = (body: string, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  body,
});

describe("hostile requests", () => {
  it("x[500000000]=1 to /contact is a 400 within a second, and /healthz meanwhile is not delayed", async () => {
    const hostile = timed(fetch(`${app.origin}/contact`, form("x[500000000]=1")));
    await new Promise((done) => setTimeout(done, 20));
    const health = await Promise.all(Array.from({ length: 3 }, () => timed(fetch(`${app.origin}/healthz`))));
    const refused = await hostile;
    expect(refused.status).toBe(400);
    expect(refused.ms).toBeLessThan(1000);
    for (const answer of health) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(500);
    }
  });

  it("malformed X-Forwarded-Proto or X-Forwarded-Host from the trusted proxy is never a 500", async () => {
    const malformed = [
      ...["bad proto", "ht<tp", "javascript", "https:"].map((value) => ({ "X-Forwarded-Proto": value })),
      ...["bad host/<x>", "[::1", "exa mple.com", "%", "a@b", ":99999", "example.com:70000"].map((value) => ({
        "X-Forwarded-Host": value,
      })),
    ];
    for (const headers of malformed) {
      for (const [path, init] of [
        ["/", {}],
        ["/healthz", {}],
        ["/robots.txt", {}],
        ["/contact", form("name=A")],
      ] as const) {
        const response = await fetch(`${app.origin}${path}`, { ...init, headers: { ...init.headers, ...headers } });
        await response.arrayBuffer();
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
      }
    }
  });

  it("a forged X-Forwarded-Host on the reset form still emails a link on PUBLIC_URL", async () => {
    const email = `hostile-${Date.now()}@example.com`;
    await register(app.origin, email);
    const response = await fetch(
      `${app.origin}/forgot-password`,
      form(new URLSearchParams({ email }).toString(), { "X-Forwarded-Host": "attacker.example", "X-Forwarded-Proto": "https" }),
    );
    expect(response.status).toBe(200);
    const [sent] = await database.query<{ text: string }>(`SELECT text FROM "OutboxEmail" WHERE "to" = $1`, [email]);
    expect(sent.text).toContain(`${app.origin}/reset-password/`);
    expect(sent.text).not.toContain("attacker.example");
  });

  it("logged no error", () => {
    expect(app.output()).not.toMatch(/"level":"error"|"status":5\d\d/);
  });
});
