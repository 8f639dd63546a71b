// Who the agency is on its accounting documents: its name, its postal address and VAT registration
// (configuration: AGENCY_ADDRESS, AGENCY_TAX_ID) and the address that answers its customers.
import { AGENCY_NAME } from "~/platform/agency";
import { env } from "~/platform/env.server";

export function agencyIdentity(): { name: string; addressLines: string[]; taxId: string | null; email: string } {
  const config = env();
  return {
    name: AGENCY_NAME,
    addressLines: config.AGENCY_ADDRESS,
    taxId: config.AGENCY_TAX_ID ?? null,
    email: config.CONTACT_TO,
  };
}
