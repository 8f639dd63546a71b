// A booking's invoice: its facts gathered for app/invoicing, which numbers and renders it. The
// number is given with the booking's first payment; before that there is no invoice.
import { balanceCents, paymentStatusOf } from "~/booking/core/payment-plan";
import { findInvoiceBooking, type InvoiceBooking } from "~/booking/documents/invoice-store.server";
import { invoiceView, type InvoiceFacts, type InvoiceView } from "~/invoicing";
import { renderInvoicePdf } from "~/invoicing/index.server";
import { agencyIdentity } from "~/platform/agency.server";
import { isPlausibleId } from "~/platform/ids";

function customerAddress(order: InvoiceBooking): string[] {
  const town = [order.townName, order.district].filter(Boolean).join(", ");
  return [order.streetAddress, order.city, order.postcode ? `${town} ${order.postcode}` : town, order.country].filter(
    (line): line is string => Boolean(line && line.trim()),
  );
}

function factsOf(order: InvoiceBooking & { invoiceNumber: string; invoicedAt: Date }): InvoiceFacts {
  // a local gateway's payment: its own id of the money, and the taka it charged at the rate
  const local = (payment: InvoiceBooking["payments"][number]) =>
    (payment.provider === "sslcommerz" || payment.provider === "bkash") && payment.amountBdt !== null && payment.rate !== null;
  const payments = order.payments.map((payment) => ({
    at: payment.created,
    kind: payment.kind,
    method: payment.method,
    reference: (local(payment) ? payment.providerReference : null) ?? payment.reference ?? payment.transaction,
    amountCents: payment.amountCents,
    taka: local(payment) ? { amountBdt: payment.amountBdt!, bdtPerUsd: Number(payment.rate!.toString()) } : null,
  }));
  /** the taka a refund of a local gateway's payment went back in: its share of what that payment charged */
  const refundTaka = (refund: InvoiceBooking["refunds"][number]) => {
    const payment = order.payments.find((candidate) => candidate.id === refund.paymentId);
    if (!payment || !local(payment)) return null;
    return refund.amountCents >= payment.amountCents
      ? payment.amountBdt!
      : Math.round((payment.amountBdt! * refund.amountCents * 100) / payment.amountCents) / 100;
  };
  const cancelled = order.bookingStatus === "CANCELLED" || order.bookingStatus === "EXPIRED";
  return {
    agency: agencyIdentity(),
    invoiceNumber: order.invoiceNumber,
    invoicedAt: order.invoicedAt,
    reference: order.reference,
    status: cancelled ? "cancelled" : paymentStatusOf(order) === "PAID" ? "paid" : "partly-paid",
    customer: {
      name: `${order.firstName} ${order.lastName}`,
      addressLines: customerAddress(order),
      email: order.email,
      mobile: order.mobileNumber,
    },
    trip: { title: order.serviceTitle, travelDate: order.travelDate },
    travellers: order.travellers,
    quantity: order.quantity,
    unitPriceCents: order.unitPriceCents,
    discount: { cents: order.discountCents, code: order.promoCode?.code ?? null },
    totalCents: order.priceCents,
    payments,
    refunds: order.refunds.map((refund) => ({
      at: refund.createdAt,
      creditNoteNumber: refund.creditNoteNumber,
      reason: refund.reason,
      amountCents: refund.amountCents,
      method: refund.method,
      reference: refund.stripeRefundId ?? refund.reference,
      takaBdt: refundTaka(refund),
    })),
    balanceCents: cancelled ? 0 : balanceCents(order),
  };
}

/**
 * The invoice of a booking for its owner or an admin (anyone else: null, the pages' 404): the
 * booking, and its invoice once its first payment gave it a number (null before).
 */
export async function invoiceOf(
  orderId: string,
  viewer: { id: string; isAdmin: boolean },
): Promise<{ booking: { id: string; reference: string; ownerId: string }; invoice: InvoiceView | null } | null> {
  const order = isPlausibleId(orderId) ? await findInvoiceBooking(orderId, viewer.isAdmin ? undefined : viewer.id) : null;
  if (!order) return null;
  const booking = { id: order.id, reference: order.reference, ownerId: order.userId };
  if (!order.invoiceNumber || !order.invoicedAt) return { booking, invoice: null };
  return {
    booking,
    invoice: invoiceView(factsOf({ ...order, invoiceNumber: order.invoiceNumber, invoicedAt: order.invoicedAt })),
  };
}

/** The invoice's PDF file, or null when the viewer may not see it or it has no number yet. */
export async function invoicePdfOf(orderId: string, viewer: { id: string; isAdmin: boolean }) {
  const found = await invoiceOf(orderId, viewer);
  if (!found?.invoice) return null;
  return { filename: `${found.invoice.number}.pdf`, pdf: await renderInvoicePdf(found.invoice) };
}
