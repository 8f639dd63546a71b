import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { deleteService, listServices } from "~/catalog.server";
import { DataTable } from "~/components/DataTable";
import { DeleteForm, DeleteResult } from "~/components/DeleteForm";
import { readDeleteId, UNKNOWN_REQUEST } from "~/delete-request.server";
import { formatDollars } from "~/money";
import { requireAdmin } from "~/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { services: await listServices() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = await readDeleteId(request);
  if (!id) return data(UNKNOWN_REQUEST, { status: 400 });
  const deleted = await deleteService(id);
  return deleted > 0
    ? { ok: true, message: "Deleted sucessfully" }
    : data({ ok: false, message: "This package does not exist or was already deleted." }, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Manage Products — Tour Booking" }];

/** The first 100 characters plus an ellipsis (docs/spec.md §2). */
function preview(text: string) {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

export default function ManageProducts() {
  const { services } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title">Manage Products</h1>
      <DeleteResult result={result} />
      <DataTable
        rows={services}
        rowKey={(service) => service.id}
        columns={[
          {
            header: "Product Photo",
            cell: (service) => <img src={service.image} alt="" width={96} height={63} loading="lazy" className="table-photo" />,
          },
          { header: "Product Name", cell: (service) => service.title },
          { header: "Short Description", cell: (service) => preview(service.description) },
          { header: "Price", cell: (service) => formatDollars(service.costCents) },
          {
            header: "Action",
            cell: (service) => (
              <DeleteForm id={service.id} confirmText="Are you sure, You want to delete?" label={`Delete ${service.title}`} />
            ),
          },
        ]}
      />
    </section>
  );
}
