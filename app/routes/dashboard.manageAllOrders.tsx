import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/session.server";
import { DataTable } from "~/components/DataTable";
import { DeleteForm, DeleteResult } from "~/components/DeleteForm";
import { listAllOrders } from "~/data/orders.server";
import { formatDollars } from "~/domain/money";
import { deleteOrder, OrderError } from "~/domain/orders.server";
import { readDeleteId, UNKNOWN_REQUEST } from "~/http/delete-request.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { orders: await listAllOrders() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = await readDeleteId(request);
  if (!id) return data(UNKNOWN_REQUEST, { status: 400 });
  try {
    const deleted = await deleteOrder(id);
    return { ok: deleted > 0, message: deleted > 0 ? "Deleted sucessfully" : "This order was already deleted." };
  } catch (error) {
    if (error instanceof OrderError) return data({ ok: false, message: error.message }, { status: 404 });
    throw error;
  }
}

export const meta: MetaFunction = () => [{ title: "Manage All Orders — Tour Booking" }];

export default function ManageAllOrders() {
  const { orders } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="all-orders-title">
      <h1 id="all-orders-title">Manage All Orders</h1>
      <DeleteResult result={result} />
      <DataTable
        rows={orders}
        rowKey={(order) => order.id}
        empty="There are no orders yet."
        columns={[
          {
            header: "Customer",
            cell: (order) => (
              <>
                {order.firstName} {order.lastName}
                <br />
                <span className="hint">{order.serviceTitle}</span>
              </>
            ),
          },
          { header: "E-mail", cell: (order) => order.email },
          { header: "Phone", cell: (order) => order.mobileNumber },
          {
            header: "Address",
            cell: (order) => [order.streetAddress, order.city, order.townName, order.district].filter(Boolean).join(", "),
          },
          {
            header: "Price",
            cell: (order) => (
              <>
                {formatDollars(order.priceCents)}
                {order.paymentStatus === "PAID" ? <span className="badge-paid"> Paid</span> : null}
              </>
            ),
          },
          {
            header: "Action",
            cell: (order) => (
              <DeleteForm
                id={order.id}
                confirmText="Are you sure, You want to delete"
                label={`Delete the order of ${order.firstName} ${order.lastName}`}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
