import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { isFiltered, pageParam, readCatalogueQuery, searchCataloguePage } from "~/catalogue/index.server";
import { CATALOGUE_PAGE_SIZE } from "~/catalogue/search-choices";
import { CatalogueSearch } from "~/components/CatalogueSearch";
import { PackagesGrid } from "~/components/PackagesGrid";
import { Pager } from "~/components/Pager";
import { publicPageHeaders } from "~/http/http-cache";
import { originFrom, pageMeta } from "~/http/page-meta";
import { agencyToday } from "~/platform/dates";
import { pageHref } from "~/platform/page-links";

export const headers = publicPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const { values, filters, errors } = readCatalogueQuery(params);
  const page = pageParam.safeParse(params.get("page") ?? undefined).data ?? 1;
  const { items, total } = await searchCataloguePage(filters, { page, pageSize: CATALOGUE_PAGE_SIZE, today: agencyToday() });
  const packages = items.map(({ id, title, costCents, image, averageRating, ratingCount }) => ({
    id,
    title,
    costCents,
    image,
    averageRating,
    ratingCount,
  }));
  return {
    packages,
    total,
    page,
    pageCount: Math.ceil(total / CATALOGUE_PAGE_SIZE),
    values,
    errors,
    filtered: isFiltered(filters),
  };
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Our Service — Tour Booking",
    description: "All our tour packages across Bangladesh, with prices per person.",
    path: "/services",
    origin: originFrom(matches),
  });

function Summary({ total, page, shown }: { total: number; page: number; shown: number }) {
  if (total === 0 || shown === 0) return null;
  const first = (page - 1) * CATALOGUE_PAGE_SIZE + 1;
  return (
    <p className="catalogue-summary" role="status">
      {total === 1 ? "1 package" : `${total} packages`}
      {total > shown ? `, showing ${first} to ${first + shown - 1}` : ""}
    </p>
  );
}

export default function PackagesPage() {
  const { packages, total, page, pageCount, values, errors, filtered } = useLoaderData<typeof loader>();
  const location = useLocation();
  const href = (number: number) => pageHref(new URLSearchParams(location.search), number, location.pathname);
  return (
    <>
      <section className="banner">
        <div className="container">
          <h1>Our Service</h1>
          <p>Choose your next trip: every package includes a local guide and honest prices.</p>
        </div>
      </section>
      <section className="container page-section" aria-label="Tour packages">
        <CatalogueSearch values={values} errors={errors} />
        <Summary total={total} page={page} shown={packages.length} />
        {total === 0 && filtered ? (
          <p className="empty" role="status">
            No packages match your search. <Link to="/services">Clear the filters</Link> to see every package.
          </p>
        ) : packages.length === 0 && total > 0 ? (
          <p className="empty" role="status">
            There is no page {page} for this search. <Link to={href(1)}>Go to the first page</Link>.
          </p>
        ) : (
          <PackagesGrid packages={packages} />
        )}
        <Pager page={page} pageCount={pageCount} href={href} label="Pages of packages" />
      </section>
    </>
  );
}
