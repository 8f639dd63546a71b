// Who the agency is on its accounting documents: its name, its postal address and VAT registration
// (configuration: AGENCY_ADDRESS, AGENCY_TAX_ID) and the address that answers its customers.
import { AGENCY_NAME, type AgencyContact } from "~/platform/agency";
import { env } from "~/platform/env.server";

export function agencyIdentity(): {
  name: string;
  addressLines: string[];
  taxId: string | null;
  email: string;
} & AgencyContact {
  const config = env();
  return {
    name: AGENCY_NAME,
    addressLines: config.AGENCY_ADDRESS,
    taxId: config.AGENCY_TAX_ID ?? null,
    email: config.CONTACT_TO,
    ...agencyContact(),
  };
}

/**
 * How a traveller reaches the agency (AGENCY_PHONE, WHATSAPP_NUMBER), each null when unset: on the
 * voucher, the invoice and the footer. WhatsApp is a plain wa.me link: nothing is loaded from it.
 */
export function agencyContact(): AgencyContact {
  const config = env();
  return {
    phone: config.AGENCY_PHONE ?? null,
    whatsapp: config.WHATSAPP_NUMBER ? `https://wa.me/${config.WHATSAPP_NUMBER}` : null,
  };
}
