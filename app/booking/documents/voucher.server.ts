// The voucher page's reading: the booking as its owner or an admin sees it (anyone else: null, the
// page's 404), its travellers with their ID numbers masked (a printed page travels), and the QR
// code of its reference, the plain "TB-7K3P9Q" the guides' scanner reads.
import { balanceDueOf, stillOwedCents } from "~/booking/core/payment-plan";
import { voucherRefusal } from "~/booking/documents/voucher";
import { findVoucherBooking } from "~/booking/documents/voucher-store.server";
import { maskIdNumber } from "~/booking/travellers/id-numbers";
import { AGENCY_NAME } from "~/platform/agency";
import { agencyContact } from "~/platform/agency.server";
import { formatCalendarDate, isoDate } from "~/platform/dates";
import { formatDollars } from "~/platform/money";
import { qrCodeSvg } from "~/platform/qr-code.server";

export async function voucherOf(orderId: string, viewer: { id: string; isAdmin: boolean }, now = new Date()) {
  const order = await findVoucherBooking(orderId, viewer.isAdmin ? undefined : viewer.id);
  if (!order) return null;
  const booking = { id: order.id, ownerId: order.userId, reference: order.reference, serviceTitle: order.serviceTitle };
  const refusal = voucherRefusal(order, now);
  if (refusal) return { booking, refusal, voucher: null };
  const owed = stillOwedCents(order);
  const due = balanceDueOf({ ...order, balanceDueDate: order.balanceDueDate && isoDate(order.balanceDueDate) });
  return {
    booking,
    refusal: null,
    voucher: {
      agency: AGENCY_NAME,
      contact: agencyContact(),
      /** what is still owed and by when ("by 2 Jan 2027"), null when nothing is */
      balance: owed > 0 ? { amount: formatDollars(owed), due: due && formatCalendarDate(due) } : null,
      travelDate: order.travelDate && formatCalendarDate(order.travelDate),
      meetingPoint: order.service?.meetingPoint ?? null,
      persons: order.quantity,
      billingContact: `${order.firstName} ${order.lastName}`,
      travellers: order.travellers.map((traveller) => ({
        id: traveller.id,
        name: traveller.name,
        category: traveller.categoryName,
        idNumber: maskIdNumber(traveller.idNumber),
      })),
      qrCode: qrCodeSvg(order.reference, { title: `QR code of the booking reference ${order.reference}` }),
    },
  };
}
