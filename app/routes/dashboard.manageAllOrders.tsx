import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/auth/session.server";
import { DataTable } from "~/components/DataTable";
import { DeleteForm, DeleteResult } from "~/components/DeleteForm";
import { listAllOrders } from "~/data/orders.server";
import { CancellationError, cancellationPreview } from "~/domain/cancellation.server";
import { formatDollars } from "~/domain/money";
import { orderLine } from "~/domain/ordering";
import { deleteOrder, OrderError, orderToDelete } from "~/domain/orders.server";
import { askToDelete, readDeleteRequest, UNKNOWN_REQUEST } from "~/http/delete-request.server";
import { cancellationErrorStatus } from "~/http/error-status";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { orders: await listAllOrders() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const asked = await readDeleteRequest(request);
  if (!asked) return data(UNKNOWN_REQUEST, { status: 400 });
  const { id } = asked;
  try {
    if (!asked.confirmed) {
      const order = await orderToDelete(id);
      const what = `The order of ${order.firstName} ${order.lastName} for ${order.serviceTitle}: ${orderLine(order)}`;
      if (order.paymentStatus !== "PAID") return askToDelete(id, `${what}.`);
      // A paid booking is never deleted: the delete becomes its cancellation with the policy refund.
      const { quote } = await cancellationPreview(id, admin);
      return askToDelete(
        id,
        quote.refusal
          ? `${what}, paid. ${quote.refusal} It stays in the records.`
          : `${what}, paid. It will not be deleted: the booking will be cancelled and ${formatDollars(quote.policy.cents)} refunded (${quote.policy.percent} % per the package's refund policy), and the customer emailed.`,
      );
    }
    const { deletedCount, cancellation } = await deleteOrder(id, admin);
    if (cancellation) {
      return {
        ok: true,
        message: `The order was paid, so it was cancelled instead of deleted: ${cancellation.refund ? `${formatDollars(cancellation.refund.cents)} refunded` : "nothing refunded"}.`,
      };
    }
    return {
      ok: deletedCount > 0,
      message: deletedCount > 0 ? "Deleted sucessfully" : "This paid order is kept in the records.",
    };
  } catch (error) {
    if (error instanceof OrderError) return data({ ok: false, message: error.message }, { status: 404 });
    if (error instanceof CancellationError)
      return data({ ok: false, message: error.message }, { status: cancellationErrorStatus(error) });
    throw error;
  }
}

/** The question of docs/spec.md §8, asked by the browser (JavaScript on) or by the page. */
const DELETE_QUESTION = "Are you sure, You want to delete";

export const meta: MetaFunction = () => [{ title: "Manage All Orders — Tour Booking" }];

export default function ManageAllOrders() {
  const { orders } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="all-orders-title">
      <h1 id="all-orders-title">Manage All Orders</h1>
      <DeleteResult result={result} question={DELETE_QUESTION} />
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
                confirmText={DELETE_QUESTION}
                label={`Delete the order of ${order.firstName} ${order.lastName}`}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
