// A booking's status as the lists show it (already made effective by the loader: a pending booking
// past its hold is expired) and, while pending, the deadline to pay.
import type { BookingStatusName } from "~/booking";
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";

export function OrderStatus({ order }: { order: { status: BookingStatusName; holdExpiresAt: string | Date | null } }) {
  const { t } = useT();
  const f = useFormat();
  return (
    <>
      <span className={`status status-${order.status.toLowerCase()}`}>
        {t(`dashboard.status.${order.status.toLowerCase() as Lowercase<BookingStatusName>}`)}
      </span>
      {order.status === "PENDING" && order.holdExpiresAt ? (
        <>
          <br />
          <span className="hint">{t("dashboard.payBy", { time: f.dateTime(order.holdExpiresAt) })}</span>
        </>
      ) : null}
    </>
  );
}
