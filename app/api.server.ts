// Shared pieces of the JSON API under /api (spec §7): authentication, errors, body parsing
// and the spec's record shapes.
import type { z } from "zod";
import { dollarsValue } from "~/money";
import { getUser, type SessionUser } from "~/session.server";

export function jsonError(status: number, error: string, details?: Record<string, string[]>): Response {
  return Response.json({ error, ...(details ? { details } : {}) }, { status, headers: { "Cache-Control": "no-store" } });
}

/** The signed-in caller (session cookie or `Authorization: Bearer <session token>`), or 401. */
export async function requireApiUser(request: Request): Promise<SessionUser> {
  // A cookie rides along on cross-site requests: writes must come from this site's pages.
  const origin = request.headers.get("Origin");
  if (request.method !== "GET" && origin && origin !== new URL(request.url).origin) {
    throw jsonError(403, "Cross-site requests are not allowed.");
  }
  const user = await getUser(request);
  if (!user) throw jsonError(401, "Please log in.");
  return user;
}

export async function requireApiAdmin(request: Request): Promise<SessionUser> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw jsonError(403, "Administrators only.");
  return user;
}

export function methodNotAllowed(allowed: string[]): Response {
  return new Response(JSON.stringify({ error: "Method not allowed." }), {
    status: 405,
    headers: { Allow: allowed.join(", "), "Content-Type": "application/json" },
  });
}

const MAX_BODY_BYTES = 64 * 1024;

/** A JSON (or form) body validated by the schema; a bad body throws a clear 400. */
export async function readBody<Schema extends z.ZodTypeAny>(request: Request, schema: Schema): Promise<z.infer<Schema>> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BODY_BYTES) throw jsonError(413, "The request body is too large.");
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw jsonError(413, "The request body is too large.");
  let body: unknown;
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    body = Object.fromEntries(new URLSearchParams(text));
  } else {
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      throw jsonError(400, "The request body is not valid JSON.");
    }
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw jsonError(400, "The request body must be a JSON object.");
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const details: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (details[issue.path.join(".") || "body"] ??= []).push(issue.message);
    throw jsonError(400, parsed.error.issues[0].message, details);
  }
  return parsed.data;
}

export function serviceJson(service: { id: string; title: string; costCents: number; image: string; description: string }) {
  return { _id: service.id, title: service.title, cost: Number(dollarsValue(service.costCents)), image: service.image, description: service.description };
}

export interface OrderRecord {
  id: string;
  firstName: string;
  lastName: string;
  streetAddress: string;
  city: string | null;
  townName: string;
  district: string;
  postcode: string | null;
  mobileNumber: string;
  email: string;
  priceCents: number;
  serviceTitle: string;
  quantity: number;
  packageType: string;
  payment: { amountCents: number; created: Date; last4: string; transaction: string } | null;
}

export function orderJson(order: OrderRecord) {
  return {
    _id: order.id,
    firstName: order.firstName,
    lastName: order.lastName,
    streetAddress: order.streetAddress,
    City: order.city ?? "",
    townName: order.townName,
    district: order.district,
    Postcode: order.postcode ?? "",
    mobileNumber: order.mobileNumber,
    email: order.email,
    Price: Number(dollarsValue(order.priceCents)),
    name: order.serviceTitle,
    quantity: order.quantity,
    packageType: order.packageType,
    payment: order.payment
      ? {
          amount: Number(dollarsValue(order.payment.amountCents)),
          created: Math.floor(order.payment.created.getTime() / 1000),
          last4: order.payment.last4,
          transaction: order.payment.transaction,
        }
      : null,
  };
}

export const orderRecordSelect = {
  id: true,
  firstName: true,
  lastName: true,
  streetAddress: true,
  city: true,
  townName: true,
  district: true,
  postcode: true,
  mobileNumber: true,
  email: true,
  priceCents: true,
  serviceTitle: true,
  quantity: true,
  packageType: true,
  payment: { select: { amountCents: true, created: true, last4: true, transaction: true } },
} as const;
