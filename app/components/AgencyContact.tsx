import { useT } from "~/components/language-context";
import type { AgencyContact as Contact } from "~/platform/agency";

/**
 * The agency's phone (a tel: link) and WhatsApp (a plain https://wa.me link, nothing loaded from
 * WhatsApp), each left out when unset (AGENCY_PHONE, WHATSAPP_NUMBER): the voucher, the invoice, the footer.
 */
export function AgencyContact({ contact, className }: { contact: Contact; className?: string }) {
  const { t } = useT();
  if (!contact.phone && !contact.whatsapp) return null;
  return (
    <p className={className ? `agency-contact ${className}` : "agency-contact"}>
      {contact.phone ? (
        <span>
          {t("common.contact.phone")} <a href={`tel:${contact.phone.replace(/[^+\d]/g, "")}`}>{contact.phone}</a>
        </span>
      ) : null}
      {contact.phone && contact.whatsapp ? " · " : null}
      {contact.whatsapp ? (
        <span>
          {t("common.contact.whatsapp")} <a href={contact.whatsapp}>+{contact.whatsapp.replace("https://wa.me/", "")}</a>
        </span>
      ) : null}
    </p>
  );
}
