// Orders: priced by the server, owned by their customer, soft-deleted.
import { createOrder, findOrderIdByKey, findOrderSummary } from "~/data/orders.server";
import { findPackageToOrder } from "~/data/packages.server";
import { cancelForDelete, type Actor, type CancellationOutcome } from "~/domain/cancellation.server";
import type { CheckoutInput } from "~/domain/checkout";
import { totalCents } from "~/domain/ordering";

export class OrderError extends Error {
  constructor(
    readonly code: "unknown-package" | "not-found" | "paid",
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
  const idempotencyKey = `${userId}:${input.formKey}`;
  const existing = await findOrderIdByKey(idempotencyKey);
  if (existing) return existing;
  const tourPackage = await findPackageToOrder(input.service);
  if (!tourPackage) throw new OrderError("unknown-package", "This package is no longer available. Please choose another one.");
  try {
    return await createOrder({
      userId,
      serviceId: tourPackage.id,
      serviceTitle: tourPackage.title,
      unitPriceCents: tourPackage.costCents,
      quantity: input.quantity,
      packageType: input.type,
      priceCents: totalCents(tourPackage.costCents, input.quantity),
      firstName: input.firstName,
      lastName: input.lastName,
      streetAddress: input.streetAddress,
      city: input.City || null,
      townName: input.townName,
      district: input.district,
      postcode: input.Postcode || null,
      mobileNumber: input.mobileNumber,
      email: input.email,
      idempotencyKey,
    });
  } catch (error) {
    // Two submits raced: the other one created it.
    if ((error as { code?: string }).code === "P2002") {
      const created = await findOrderIdByKey(idempotencyKey);
      if (created) return created;
    }
    throw error;
  }
}

/** The total the server would charge, to compare with the {total} of /addCart/{total}. */
export async function quote(packageId: string, quantity: number) {
  const tourPackage = await findPackageToOrder(packageId);
  return tourPackage ? { tourPackage, totalCents: totalCents(tourPackage.costCents, quantity) } : null;
}

/**
 * The order a delete would remove, checked as deleteOrder checks it: a customer (ownerId) only
 * their own unpaid orders, an admin (ownerId undefined) any order. For the confirmation step.
 */
export async function orderToDelete(orderId: string, ownerId?: string) {
  const order = await findOrderSummary(orderId, ownerId);
  if (!order) throw new OrderError("not-found", "This order does not exist.");
  if (ownerId && order.paymentStatus === "PAID") {
    throw new OrderError("paid", "A paid order cannot be deleted. Please contact us to cancel it.");
  }
  return order;
}

/**
 * A delete: an unpaid order is cancelled (with history, its seats given back) and soft-deleted, the
 * row staying for the agency's records. A paid booking is never deleted: a customer is refused
 * (OrderError "paid"), an admin's delete cancels it with the package's policy refund instead.
 */
export async function deleteOrder(
  orderId: string,
  actor: Actor,
): Promise<{ deletedCount: number; cancellation: CancellationOutcome | null }> {
  await orderToDelete(orderId, actor.isAdmin ? undefined : actor.id);
  const { deleted, cancellation } = await cancelForDelete(orderId, actor);
  return { deletedCount: deleted ? 1 : 0, cancellation };
}
