// Who the site is: the agency's name as its documents (the voucher, the emails' signature) print it.

/** The agency's name. */
export const AGENCY_NAME = "Tour Booking";

/** The agency's phone (as configured) and its WhatsApp link (https://wa.me/<digits>), each null when unset. */
export interface AgencyContact {
  phone: string | null;
  whatsapp: string | null;
}
