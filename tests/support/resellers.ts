// Reseller bookings for tests, written straight to the database as the OCTO API leaves a confirmed
// one: channel RESELLER, the reseller and its own reference, CONFIRMED, nothing paid on the site.
import { db } from "~/platform/db.server";
import { createUser, uniqueEmail } from "./auth";
import { ORIGIN } from "./requests";

/** An OCTO route's loader or action called as a reseller with its key: the status and the JSON answer. */
export async function octoCall<Body = Record<string, unknown>>(
  handler: (args: never) => Promise<Response>,
  path: string,
  {
    key,
    method = "GET",
    body,
    uuid,
    pricing = false,
  }: { key: string; method?: string; body?: unknown; uuid?: string; pricing?: boolean },
): Promise<{ status: number; body: Body }> {
  const headers = new Headers({ Authorization: `Bearer ${key}` });
  if (pricing) headers.set("Octo-Capabilities", "octo/pricing");
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(new URL(path, ORIGIN), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await (handler as (args: unknown) => Promise<Response>)({ request, params: { uuid }, context: {} });
  return { status: response.status, body: (await response.json()) as Body };
}

export async function createTestReseller(name: string, commissionBasisPoints: number) {
  const prisma = await db();
  return prisma.reseller.create({ data: { name, email: uniqueEmail("reseller"), commissionBasisPoints } });
}

/** A booking sold by the reseller: its total, booking time and status as given. */
export async function resellerBooking(
  reseller: { id: string },
  {
    priceCents,
    createdAt = new Date(),
    status = "CONFIRMED",
    reference = null,
    userId,
  }: {
    priceCents: number;
    createdAt?: Date;
    status?: "PENDING" | "CONFIRMED" | "CANCELLED" | "COMPLETED" | "EXPIRED";
    reference?: string | null;
    userId?: string;
  },
) {
  const prisma = await db();
  const owner = userId ?? (await createUser({ email: uniqueEmail("resold") })).id;
  return prisma.order.create({
    data: {
      userId: owner,
      channel: "RESELLER",
      resellerId: reseller.id,
      resellerReference: reference,
      serviceTitle: "Sundarbans by boat",
      unitPriceCents: priceCents,
      quantity: 1,
      packageType: "city",
      priceCents,
      firstName: "Anika",
      lastName: "Rahman",
      streetAddress: "Agency desk",
      townName: "Dhaka",
      district: "Dhaka",
      mobileNumber: "01811111111",
      email: "anika@resold.example",
      bookingStatus: status,
      createdAt,
    },
  });
}
