import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/session.server";
import { DataTable } from "~/components/DataTable";
import { DeleteForm, DeleteResult } from "~/components/DeleteForm";
import { PackageImage } from "~/components/PackageImage";
import { deletePackage, findPackageToOrder, listPackages } from "~/data/packages.server";
import { formatDollars } from "~/domain/money";
import { askToDelete, readDeleteRequest, UNKNOWN_REQUEST } from "~/http/delete-request.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { packages: await listPackages() };
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

export const meta: MetaFunction = () => [{ title: "Manage Products — Tour Booking" }];

/** The first 100 characters plus an ellipsis (docs/spec.md §2). */
function preview(text: string) {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

export default function ManagePackages() {
  const { packages } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title">Manage Products</h1>
      <DeleteResult result={result} question={DELETE_QUESTION} />
      <DataTable
        rows={packages}
        rowKey={(tourPackage) => tourPackage.id}
        columns={[
          {
            header: "Product Photo",
            cell: (tourPackage) => (
              <PackageImage src={tourPackage.image} alt="" width={96} height={63} sizes="96px" className="table-photo" />
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
            header: "Action",
            cell: (tourPackage) => (
              <DeleteForm id={tourPackage.id} confirmText={DELETE_QUESTION} label={`Delete ${tourPackage.title}`} />
            ),
          },
        ]}
      />
    </section>
  );
}
