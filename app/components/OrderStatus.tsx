// A booking's status as the lists show it (already made effective by the loader: a pending booking
// past its hold is expired) and, while pending, the deadline to pay.
import { BOOKING_STATUS_LABELS, type BookingStatusName, payByText } from "~/booking";

export function OrderStatus({ order }: { order: { status: BookingStatusName; holdExpiresAt: string | Date | null } }) {
  return (
    <>
      <span className={`status status-${order.status.toLowerCase()}`}>{BOOKING_STATUS_LABELS[order.status]}</span>
      {order.status === "PENDING" && order.holdExpiresAt ? (
        <>
          <br />
          <span className="hint">{payByText(order.holdExpiresAt)}</span>
        </>
      ) : null}
    </>
  );
}
