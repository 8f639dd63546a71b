// GET /octo/products (OCTO): every package on sale as a product.
import { listOctoProducts } from "~/distribution/index.server";
import { octoRoute } from "~/http/octo-transport.server";

export const { loader, action } = octoRoute({ GET: async ({ seller }) => listOctoProducts(seller) });
