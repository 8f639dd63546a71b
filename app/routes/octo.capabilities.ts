// GET /octo/capabilities (OCTO): the capabilities a reseller may ask for in Octo-Capabilities.
import { capabilityList } from "~/distribution";
import { octoRoute } from "~/http/octo-transport.server";

export const { loader, action } = octoRoute({ GET: async () => capabilityList() });
