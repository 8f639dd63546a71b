// Orders: priced by the server, owned by their customer, soft-deleted.
import { db } from "~/db.server";
import type { CheckoutInput } from "~/checkout";
import { totalCents } from "~/ordering";

export class OrderError extends Error {
  constructor(
    readonly code: "unknown-service" | "not-found" | "paid",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Creates the order from the checkout form. The price is cost x quantity from the database;
 * the same formKey always yields the same order (double submit, refreshed POST).
 */
export async function placeOrder(userId: string, input: CheckoutInput) {
  const prisma = await db();
  const existing = await prisma.order.findUnique({ where: { idempotencyKey: `${userId}:${input.formKey}` }, select: { id: true } });
  if (existing) return existing;
  const service = await prisma.service.findFirst({
    where: { id: input.service, deletedAt: null },
    select: { id: true, title: true, costCents: true },
  });
  if (!service) throw new OrderError("unknown-service", "This package is no longer available. Please choose another one.");
  try {
    return await prisma.order.create({
      data: {
        userId,
        serviceId: service.id,
        serviceTitle: service.title,
        unitPriceCents: service.costCents,
        quantity: input.quantity,
        packageType: input.type,
        priceCents: totalCents(service.costCents, input.quantity),
        firstName: input.firstName,
        lastName: input.lastName,
        streetAddress: input.streetAddress,
        city: input.City || null,
        townName: input.townName,
        district: input.district,
        postcode: input.Postcode || null,
        mobileNumber: input.mobileNumber,
        email: input.email,
        idempotencyKey: `${userId}:${input.formKey}`,
      },
      select: { id: true },
    });
  } catch (error) {
    // Two submits raced: the other one created it.
    if ((error as { code?: string }).code === "P2002") {
      return prisma.order.findUniqueOrThrow({ where: { idempotencyKey: `${userId}:${input.formKey}` }, select: { id: true } });
    }
    throw error;
  }
}

/** The total the server would charge, to compare with the {total} of /addCart/{total}. */
export async function quote(serviceId: string, quantity: number) {
  const prisma = await db();
  const service = await prisma.service.findFirst({
    where: { id: serviceId, deletedAt: null },
    select: { id: true, title: true, costCents: true, image: true },
  });
  return service ? { service, totalCents: totalCents(service.costCents, quantity) } : null;
}

const orderListSelect = {
  id: true,
  serviceTitle: true,
  quantity: true,
  packageType: true,
  priceCents: true,
  paymentStatus: true,
  createdAt: true,
  firstName: true,
  lastName: true,
  email: true,
  mobileNumber: true,
  streetAddress: true,
  city: true,
  townName: true,
  district: true,
} as const;

export async function listOrdersOf(userId: string) {
  const prisma = await db();
  return prisma.order.findMany({ where: { userId, deletedAt: null }, orderBy: { createdAt: "desc" }, select: orderListSelect });
}

export async function listAllOrders() {
  const prisma = await db();
  return prisma.order.findMany({ where: { deletedAt: null }, orderBy: { createdAt: "desc" }, select: orderListSelect });
}

/**
 * Soft delete: the row stays for the agency's records. A customer deletes only their own
 * unpaid orders; an admin (ownerId undefined) any order. Returns the deleted count.
 */
export async function deleteOrder(orderId: string, ownerId?: string): Promise<number> {
  const prisma = await db();
  const order = await prisma.order.findFirst({
    where: { id: orderId, deletedAt: null, ...(ownerId ? { userId: ownerId } : {}) },
    select: { paymentStatus: true },
  });
  if (!order) throw new OrderError("not-found", "This order does not exist.");
  if (ownerId && order.paymentStatus === "PAID") {
    throw new OrderError("paid", "A paid order cannot be deleted. Please contact us to cancel it.");
  }
  const result = await prisma.order.updateMany({
    where: { id: orderId, deletedAt: null, ...(ownerId ? { userId: ownerId, paymentStatus: { not: "PAID" } } : {}) },
    data: { deletedAt: new Date() },
  });
  return result.count;
}
