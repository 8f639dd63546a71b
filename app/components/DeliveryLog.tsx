// A booking's delivery log on its order page (issue 40 item 5): every message about it, by any
// channel, with its status; a held message says when it will go, a failed one why. The customer's
// page calls it "We sent you".
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";
import type { MessageKey } from "~/platform/i18n";

export interface DeliveryLogEntry {
  channel: string;
  kind: string;
  to: string;
  status: string;
  error?: string;
  created: string;
  sendsAt?: string;
}

const camel = (text: string) => text.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

export function DeliveryLog({ messages, isAdmin }: { messages: DeliveryLogEntry[]; isAdmin: boolean }) {
  const { t } = useT();
  const format = useFormat();
  return (
    <section aria-labelledby="delivery-log-title" className="receipt-section">
      <h2 id="delivery-log-title">{t(isAdmin ? "deliveryLog.titleAdmin" : "deliveryLog.titleCustomer")}</h2>
      {messages.length === 0 ? (
        <p>{t("deliveryLog.none")}</p>
      ) : (
        <ul className="plain-list delivery-log">
          {messages.map((message, index) => (
            <li key={index}>
              <strong>{t(`deliveryLog.kind.${camel(message.kind)}` as MessageKey)}</strong>
              {" · "}
              {t(`deliveryLog.channel.${message.channel}` as MessageKey)} {message.to}
              {" · "}
              {format.dateTime(message.created)}
              {" · "}
              <span className={`message-status message-${message.status}`}>
                {message.sendsAt
                  ? t("deliveryLog.heldUntil", { time: format.dateTime(message.sendsAt) })
                  : t(`deliveryLog.status.${message.status}` as MessageKey)}
              </span>
              {message.error ? <span className="message-error"> ({message.error})</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
