// No overbooking: 200 orders of one seat, from 50 customers each with its own session (4 orders
// each, all sent at once), on a departure of 10 seats, over real HTTP against the production
// server, on PostgreSQL and on the embedded database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, createDatabase, startApp, startEmbeddedApp, TEST_ADMIN, type TestDatabase } from "./support/app";
import { addPackage, type Client, logIn, register } from "./support/client";
import { percentile, recordFigures } from "./support/figures";

const CUSTOMERS = 50;
const ORDERS_EACH = 4;
const SEATS = 10;

// Every client comes from 127.0.0.1, and each customer orders 4 times: limits out of the way.
const LIMITS = { RATE_LIMIT_ORDER_MAX: "1000", RATE_LIMIT_WRITE_ADDRESS_MAX: "100000", RATE_LIMIT_FORM_MAX: "100000" };

const order = (n: number, serviceId: string, departure: string) => ({
  firstName: "Sadia",
  lastName: "Karim",
  streetAddress: `House ${n}, Road 9`,
  townName: "Sylhet",
  district: "Dhaka",
  mobileNumber: "01912345678",
  email: `seat${n}@example.com`,
  service: serviceId,
  departure,
  quantity: 1,
  type: "group",
});

describe.each(["postgresql", "embedded"] as const)("seats of one departure on the %s database", (kind) => {
  let database: TestDatabase | undefined;
  let app: AppProcess;
  let admin: Client;

  beforeAll(async () => {
    if (kind === "postgresql") {
      database = await createDatabase("departures");
      app = await startApp(database.url, { ...LIMITS, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    } else {
      app = await startEmbeddedApp({ ...LIMITS, ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password });
    }
    admin = await logIn(app.origin, TEST_ADMIN.email, TEST_ADMIN.password);
  });

  afterAll(async () => {
    expect(await app?.stop()).toBe(0);
    await database?.drop();
  });

  it(`takes exactly ${SEATS} of ${CUSTOMERS * ORDERS_EACH} concurrent one-seat orders; the others get 409`, async () => {
    const tourPackage = await addPackage(admin, "Last Seats Tour", 75);
    const added = await admin.json("POST", `/api/services/${tourPackage._id}/departures`, { date: "2031-02-14", seats: SEATS });
    expect(added.status).toBe(201);
    const { insertedId: departure } = (await added.json()) as { insertedId: string };
    const stamp = Date.now();
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, (_, i) => register(app.origin, `seat-${kind}-${i}-${stamp}@example.com`)),
    );

    const times: number[] = [];
    const started = performance.now();
    const answers = await Promise.all(
      customers.flatMap((customer, i) =>
        Array.from({ length: ORDERS_EACH }, async (_, k) => {
          const sent = performance.now();
          const response = await customer.json("POST", "/api/my-orders", order(i * ORDERS_EACH + k, tourPackage._id, departure));
          times.push(performance.now() - sent);
          return { status: response.status, body: (await response.json()) as { insertedId?: string; error?: string } };
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;

    const statuses: Record<number, number> = {};
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    expect(statuses).toEqual({ 201: SEATS, 409: CUSTOMERS * ORDERS_EACH - SEATS });
    for (const answer of answers.filter((one) => one.status === 409))
      expect(answer.body).toEqual({ error: "This date is sold out." });

    const [stored] = (
      (await (await admin.get(`/api/services/${tourPackage._id}/departures`)).json()) as {
        _id: string;
        seats: number;
        seatsLeft: number;
      }[]
    ).filter((one) => one._id === departure);
    expect(stored).toMatchObject({ seats: SEATS, seatsLeft: 0 });
    const orders = ((await (await admin.get("/api/my-orders")).json()) as { departure: string | null; status: string }[]).filter(
      (one) => one.departure === departure,
    );
    expect(orders).toHaveLength(SEATS);
    expect(orders.every((one) => one.status === "pending")).toBe(true);
    if (database) {
      const [row] = await database.query<{ seatsTaken: number }>(`SELECT "seatsTaken" FROM "Departure" WHERE id = $1`, [
        departure,
      ]);
      expect(row.seatsTaken).toBe(SEATS);
    }

    recordFigures(`departure-seats-${kind}`, {
      customers: CUSTOMERS,
      ordersSent: answers.length,
      seats: SEATS,
      created201: statuses[201],
      refused409: statuses[409],
      seatsTaken: SEATS - stored.seatsLeft,
      seconds: Math.round(seconds * 10) / 10,
      medianMs: Math.round(percentile(times, 50)),
      p95Ms: Math.round(percentile(times, 95)),
    });
  });
});
