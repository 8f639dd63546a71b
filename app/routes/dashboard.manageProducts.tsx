import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/session.server";
import { DataTable } from "~/components/DataTable";
import { DeleteForm, DeleteResult } from "~/components/DeleteForm";
import { deletePackage, listPackages } from "~/data/packages.server";
import { formatDollars } from "~/domain/money";
import { readDeleteId, UNKNOWN_REQUEST } from "~/http/delete-request.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { packages: await listPackages() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = await readDeleteId(request);
  if (!id) return data(UNKNOWN_REQUEST, { status: 400 });
  const deleted = await deletePackage(id);
  return deleted > 0
    ? { ok: true, message: "Deleted sucessfully" }
    : data({ ok: false, message: "This package does not exist or was already deleted." }, { status: 404 });
}

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
      <DeleteResult result={result} />
      <DataTable
        rows={packages}
        rowKey={(tourPackage) => tourPackage.id}
        columns={[
          {
            header: "Product Photo",
            cell: (tourPackage) => (
              <img src={tourPackage.image} alt="" width={96} height={63} loading="lazy" className="table-photo" />
            ),
          },
          { header: "Product Name", cell: (tourPackage) => tourPackage.title },
          { header: "Short Description", cell: (tourPackage) => preview(tourPackage.description) },
          { header: "Price", cell: (tourPackage) => formatDollars(tourPackage.costCents) },
          {
            header: "Action",
            cell: (tourPackage) => (
              <DeleteForm
                id={tourPackage.id}
                confirmText="Are you sure, You want to delete?"
                label={`Delete ${tourPackage.title}`}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
