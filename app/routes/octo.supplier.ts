// GET /octo/supplier (OCTO): the agency as a supplier.
import { octoRoute } from "~/http/octo-transport.server";
import { env } from "~/platform/env.server";
import { publicOrigin, publicUrl } from "~/platform/public-url.server";

export const { loader, action } = octoRoute({
  GET: async () => ({
    id: "tour-booking",
    name: "Tour Booking",
    endpoint: publicUrl("/octo"),
    contact: { website: publicOrigin(), email: env().CONTACT_TO, telephone: null, address: null },
  }),
});
