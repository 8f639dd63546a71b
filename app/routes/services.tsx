import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { isFiltered, pageParam, readCatalogueQuery, searchCataloguePage } from "~/catalogue/index.server";
import { CATALOGUE_PAGE_SIZE } from "~/catalogue/search-choices";
import { CatalogueSearch } from "~/components/CatalogueSearch";
import { useT } from "~/components/language-context";
import { PackagesGrid } from "~/components/PackagesGrid";
import { Pager } from "~/components/Pager";
import { publicPageHeaders } from "~/http/http-cache";
import { originFrom, pageMeta, translatorFrom } from "~/http/page-meta";
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

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorFrom(matches);
  return pageMeta({
    title: t("services.meta.title"),
    description: t("services.meta.description"),
    path: "/services",
    origin: originFrom(matches),
  });
};

function Summary({ total, page, shown }: { total: number; page: number; shown: number }) {
  const { t } = useT();
  if (total === 0 || shown === 0) return null;
  const first = (page - 1) * CATALOGUE_PAGE_SIZE + 1;
  return (
    <p className="catalogue-summary" role="status">
      {t("services.count", { count: total })}
      {total > shown ? t("services.showing", { first, last: first + shown - 1 }) : ""}
    </p>
  );
}

export default function PackagesPage() {
  const { packages, total, page, pageCount, values, errors, filtered } = useLoaderData<typeof loader>();
  const location = useLocation();
  const { t } = useT();
  const href = (number: number) => pageHref(new URLSearchParams(location.search), number, location.pathname);
  return (
    <>
      <section className="banner">
        <div className="container">
          <h1>{t("services.title")}</h1>
          <p>{t("services.text")}</p>
        </div>
      </section>
      <section className="container page-section" aria-label={t("services.label")}>
        <CatalogueSearch values={values} errors={errors} />
        <Summary total={total} page={page} shown={packages.length} />
        {total === 0 && filtered ? (
          <p className="empty" role="status">
            {t("services.noMatch")} <Link to="/services">{t("services.clearTheFilters")}</Link> {t("services.toSeeEvery")}
          </p>
        ) : packages.length === 0 && total > 0 ? (
          <p className="empty" role="status">
            {t("services.noPage", { page })} <Link to={href(1)}>{t("services.firstPage")}</Link>.
          </p>
        ) : (
          <PackagesGrid packages={packages} />
        )}
        <Pager page={page} pageCount={pageCount} href={href} label={t("services.pages")} />
      </section>
    </>
  );
}
