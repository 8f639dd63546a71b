// GET /octo/products/{id} (OCTO): one package as a product; INVALID_PRODUCT_ID when there is none.
import { getOctoProduct } from "~/distribution/index.server";
import { octoRoute } from "~/http/octo-transport.server";

export const { loader, action } = octoRoute({ GET: async ({ params, seller }) => getOctoProduct(params.id ?? "", seller) });
