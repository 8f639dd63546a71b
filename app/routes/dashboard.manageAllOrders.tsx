import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DeleteForm, DeleteResult } from "~/components/DeleteForm";
import { readDeleteId, UNKNOWN_REQUEST } from "~/http/delete-request.server";
import { formatDollars } from "~/domain/money";
import { listAllOrders } from "~/data/orders.server";
import { deleteOrder, OrderError } from "~/domain/orders.server";
import { requireAdmin } from "~/auth/session.server";

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

export const meta: MetaFunction = () => [
  { title: "Manage All Orders — Tour Booking" },
];

export default function ManageAllOrders() {
  const { orders } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="all-orders-title">
      <h1 id="all-orders-title">Manage All Orders</h1>
      <DeleteResult result={result} />
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">E-mail</th>
              <th scope="col">Phone</th>
              <th scope="col">Address</th>
              <th scope="col">Price</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {orders.length === 0 ? (
              <tr>
                <td colSpan={6}>There are no orders yet.</td>
              </tr>
            ) : null}
            {orders.map((order) => (
              <tr key={order.id}>
                <td data-label="Customer">
                  {order.firstName} {order.lastName}
                  <br />
                  <span className="hint">{order.serviceTitle}</span>
                </td>
                <td data-label="E-mail">{order.email}</td>
                <td data-label="Phone">{order.mobileNumber}</td>
                <td data-label="Address">
                  {[
                    order.streetAddress,
                    order.city,
                    order.townName,
                    order.district,
                  ]
                    .filter(Boolean)
                    .join(", ")}
                </td>
                <td data-label="Price">
                  {formatDollars(order.priceCents)}
                  {order.paymentStatus === "PAID" ? (
                    <span className="badge-paid"> Paid</span>
                  ) : null}
                </td>
                <td data-label="Action">
                  <DeleteForm
                    id={order.id}
                    confirmText="Are you sure, You want to delete"
                    label={`Delete the order of ${order.firstName} ${order.lastName}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
