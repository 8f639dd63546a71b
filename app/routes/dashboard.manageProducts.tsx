import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { catalogueQueryShape, pageParam } from "~/catalogue";
import { deletePackage, findPackageToOrder, searchCataloguePage } from "~/catalogue/index.server";
import { DataTable } from "~/components/DataTable";
import { DeleteForm, DeleteResult } from "~/components/DeleteForm";
import { PackageImage } from "~/components/PackageImage";
import { Pager } from "~/components/Pager";
import { askToDelete, readDeleteRequest, UNKNOWN_REQUEST } from "~/http/delete-request.server";
import { dashboardTitle } from "~/http/page-meta";
import { agencyToday } from "~/platform/dates";
import { formatDollars } from "~/platform/money";
import { pageHref } from "~/platform/paging";

const PRODUCTS_PAGE_SIZE = 25;

/** 25 packages a page, newest first; `q` searches title, destination and description. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = catalogueQueryShape.q.safeParse(params.get("q") ?? undefined);
  const page = pageParam.safeParse(params.get("page") ?? undefined).data ?? 1;
  const { items, total } = await searchCataloguePage(
    { q: q.data, sort: "newest" },
    { page, pageSize: PRODUCTS_PAGE_SIZE, today: agencyToday() },
  );
  return {
    packages: items.map(({ id, title, costCents, image, description }) => ({ id, title, costCents, image, description })),
    q: params.get("q") ?? "",
    qError: q.error?.issues[0].message,
    page,
    total,
    pageCount: Math.ceil(total / PRODUCTS_PAGE_SIZE),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const asked = await readDeleteRequest(request);
  if (!asked) return data(UNKNOWN_REQUEST, { status: 400 });
  const { id } = asked;
  if (!asked.confirmed) {
    const tourPackage = await findPackageToOrder(id);
    if (tourPackage) return askToDelete(id, `The package ${tourPackage.title} (${formatDollars(tourPackage.costCents)}).`);
  } else if ((await deletePackage(id)) > 0) {
    return { ok: true, message: "Deleted sucessfully" };
  }
  return data({ ok: false, message: "This package does not exist or was already deleted." }, { status: 404 });
}

/** The question of docs/spec.md §8, asked by the browser (JavaScript on) or by the page. */
const DELETE_QUESTION = "Are you sure, You want to delete?";

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.manageProducts");

/** The first 100 characters plus an ellipsis (docs/spec.md §2). */
function preview(text: string) {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

export default function ManagePackages() {
  const { packages, q, qError, page, total, pageCount } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title">Manage Products</h1>
      <DeleteResult result={result} question={DELETE_QUESTION} />
      <Form method="get" role="search" className="table-search" key={q}>
        <label htmlFor="products-q">Search packages</label>
        <div className="table-search-row">
          <input
            id="products-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={100}
            aria-invalid={qError ? true : undefined}
            aria-describedby={qError ? "products-q-error" : undefined}
          />
          <button type="submit" className="button button-small">
            Search
          </button>
        </div>
        <p id="products-q-error" className="field-error" aria-live="polite">
          {qError}
        </p>
      </Form>
      <p className="catalogue-summary" role="status">
        {total === 1 ? "1 package" : `${total} packages`}
        {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
      </p>
      <DataTable
        empty={q ? "No package matches this search." : "No packages yet."}
        rows={packages}
        rowKey={(tourPackage) => tourPackage.id}
        columns={[
          {
            header: "Product Photo",
            cell: (tourPackage) => (
              <PackageImage
                src={tourPackage.image}
                alt=""
                name={tourPackage.title}
                width={96}
                height={63}
                sizes="96px"
                className="table-photo"
              />
            ),
          },
          { header: "Product Name", cell: (tourPackage) => tourPackage.title },
          { header: "Short Description", cell: (tourPackage) => preview(tourPackage.description) },
          { header: "Price", cell: (tourPackage) => formatDollars(tourPackage.costCents) },
          {
            header: "Departures",
            cell: (tourPackage) => (
              <Link to={`/dashboard/departures/${tourPackage.id}`} aria-label={`Departures of ${tourPackage.title}`}>
                Departures
              </Link>
            ),
          },
          {
            header: "Refunds",
            cell: (tourPackage) => (
              <Link to={`/dashboard/refund-policy/${tourPackage.id}`} aria-label={`Refund policy of ${tourPackage.title}`}>
                Refund policy
              </Link>
            ),
          },
          {
            header: "Action",
            cell: (tourPackage) => (
              <div className="row-actions">
                <Link
                  to={`/dashboard/editProduct/${tourPackage.id}`}
                  className="button button-secondary"
                  aria-label={`Edit ${tourPackage.title}`}
                >
                  Edit
                </Link>
                <DeleteForm id={tourPackage.id} confirmText={DELETE_QUESTION} label={`Delete ${tourPackage.title}`} />
              </div>
            ),
          },
        ]}
      />
      <Pager
        page={page}
        pageCount={pageCount}
        href={(number) => pageHref(new URLSearchParams(location.search), number, location.pathname)}
        label="Pages of packages"
      />
    </section>
  );
}
