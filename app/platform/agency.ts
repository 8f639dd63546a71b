// Who the site is: the agency's name as its documents (the voucher, the emails' signature) print it.

/** The agency's name. */
export const AGENCY_NAME = "Tour Booking";
