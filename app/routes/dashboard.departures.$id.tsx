// An administrator's departures of one package (reached from Manage Products): add a date, change
// the seats (never below the seats sold), close, reopen or cancel one (cancelling cancels and
// refunds its bookings). Every form is a plain POST with an intent.
import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import {
  departureActions,
  departureForms,
  type DepartureIntent,
  MAX_DEPARTURE_SEATS,
  MIN_DEPARTURE_SEATS,
  payByText,
  seatsLeft,
} from "~/booking";
import {
  addDeparture,
  changeDepartureSeats,
  changeDepartureStatus,
  DepartureError,
  departureErrorStatus,
  departuresOf,
  listHolds,
} from "~/booking/index.server";
import { findPackageToOrder } from "~/catalogue/index.server";
import { DataTable } from "~/components/DataTable";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { Field, FormErrors, SubmitButton } from "~/components/forms";
import { agencyToday, formatCalendarDate, isoDate } from "~/platform/dates";
import { parseForm } from "~/platform/forms";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const tourPackage = await findPackageToOrder(params.id ?? "");
  if (!tourPackage) throw new Response("Not Found", { status: 404 });
  const departures = (await departuresOf(tourPackage.id, { all: true })).map((departure) => ({
    id: departure.id,
    date: isoDate(departure.startDate),
    seats: departure.seats,
    sold: departure.seatsTaken,
    left: seatsLeft(departure),
    status: departure.status,
  }));
  // Who holds seats unpaid, so that an admin sees one account holding a date (and can cancel its orders).
  const holds = (await listHolds(tourPackage.id, new Date())).map((hold) => ({
    id: hold.id,
    date: departures.find((departure) => departure.id === hold.departureId)?.date ?? "",
    customer: `${hold.user.displayName} <${hold.user.email}>`,
    seats: hold.quantity,
    payBy: payByText(hold.holdExpiresAt!),
    paying: hold.paymentStatus === "PROCESSING",
  }));
  return { tourPackage: { id: tourPackage.id, title: tourPackage.title }, departures, holds, today: agencyToday() };
}

const DONE: Record<DepartureIntent, string> = {
  add: "Departure added.",
  seats: "Seats changed.",
  close: "Departure closed: no new bookings.",
  reopen: "Departure reopened.",
  cancel: "Departure cancelled.",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent")) as DepartureIntent;
  if (!(intent in departureForms)) {
    return data({ intent: "add" as DepartureIntent, id: null, result: null, message: null, ask: false }, { status: 400 });
  }
  const submission = parseForm(formData, departureForms[intent]);
  const id = typeof formData.get("id") === "string" ? String(formData.get("id")) : null;
  if (submission.status !== "success") {
    return data({ intent, id, result: submission.reply(), message: null, ask: false }, { status: 400 });
  }
  const value = submission.value as { id: string; seats: number; date: string; confirm?: "yes" };
  // Cancelling cancels and refunds every booking of the date: the page asks once more.
  if (intent === "cancel" && value.confirm !== "yes") return { intent, id, result: null, message: null, ask: true };
  try {
    if (intent === "add") await addDeparture(params.id ?? "", { date: value.date, seats: value.seats });
    else if (intent === "seats") await changeDepartureSeats(value.id, value.seats);
    else
      await changeDepartureStatus(value.id, intent === "close" ? "closed" : intent === "reopen" ? "open" : "cancelled", admin.id);
  } catch (error) {
    if (!(error instanceof DepartureError)) throw error;
    const result = error.field
      ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
      : submission.reply({ formErrors: [error.message] });
    return data({ intent, id, result, message: null, ask: false }, { status: departureErrorStatus(error) });
  }
  return { intent, id, result: submission.reply({ resetForm: true }), message: DONE[intent], ask: false };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `Departures${loaded ? ` of ${loaded.tourPackage.title}` : ""} — Tour Booking` },
];

const STATUS_LABEL = { OPEN: "Open", CLOSED: "Closed", CANCELLED: "Cancelled" } as const;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["departures"][number];

export default function Departures() {
  const { tourPackage, departures, holds, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const addResult = actionData?.intent === "add" ? actionData.result : undefined;
  const [form, fields] = useAppForm(departureForms.add, { lastResult: addResult });
  const rowResult = (row: Row) => (actionData && actionData.intent !== "add" && actionData.id === row.id ? actionData : null);

  return (
    <section aria-labelledby="departures-title" className="departures-page">
      <p>
        <Link to="/dashboard/manageProducts">← Manage Products</Link>
      </p>
      <h1 id="departures-title">Departures: {tourPackage.title}</h1>
      {actionData?.message ? (
        <p className="form-success" role="status">
          {actionData.message}
        </p>
      ) : null}
      <DataTable
        rows={departures}
        rowKey={(row) => row.id}
        empty="No departures yet: add the first date below."
        columns={[
          { header: "Date", cell: (row) => <time dateTime={row.date}>{formatCalendarDate(row.date)}</time> },
          { header: "Seats", cell: (row) => row.seats },
          { header: "Sold", cell: (row) => row.sold },
          { header: "Left", cell: (row) => row.left },
          {
            header: "Status",
            cell: (row) => (row.status === "OPEN" && row.date <= today ? "Departed" : STATUS_LABEL[row.status]),
          },
          { header: "Action", cell: (row) => <RowActions row={row} result={rowResult(row)} /> },
        ]}
      />

      <h2 id="holds-title">Unpaid holds</h2>
      <DataTable
        rows={holds}
        rowKey={(row) => row.id}
        empty="No seats are held unpaid."
        columns={[
          { header: "Date", cell: (row) => <time dateTime={row.date}>{formatCalendarDate(row.date)}</time> },
          { header: "Customer", cell: (row) => row.customer },
          { header: "Seats", cell: (row) => row.seats },
          { header: "Deadline", cell: (row) => `${row.payBy}${row.paying ? " (paying started)" : ""}` },
          { header: "Order", cell: (row) => <Link to={`/dashboard/orders/${row.id}`}>View order</Link> },
        ]}
      />

      <div className="card form-card dashboard-form">
        <h2 id="add-departure-title">Add a departure</h2>
        <FormErrors form={form} />
        <Form method="post" {...getFormProps(form)} aria-labelledby="add-departure-title">
          <input type="hidden" name="intent" value="add" />
          <Field label="Date" meta={fields.date} type="date" inputProps={{ min: nextDay(today) }} />
          <Field
            label={`Seats (${MIN_DEPARTURE_SEATS} to ${MAX_DEPARTURE_SEATS})`}
            meta={fields.seats}
            type="number"
            inputProps={{ step: 1, inputMode: "numeric" }}
          />
          <SubmitButton pending={pending} pendingLabel="Saving">
            Add departure
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return isoDate(next);
}

function RowActions({
  row,
  result,
}: {
  row: Row;
  result: { intent: DepartureIntent; ask: boolean; result: { error?: Record<string, string[] | null> | null } | null } | null;
}) {
  const actions = departureActions(row.status);
  const errors = result?.result?.error;
  const error = errors ? Object.values(errors).flat().find(Boolean) : null;
  const label = formatCalendarDate(row.date);
  return (
    <div className="departure-actions">
      {row.status !== "CANCELLED" ? (
        <Form method="post" className="inline-form" aria-label={`Seats of ${label}`}>
          <input type="hidden" name="intent" value="seats" />
          <input type="hidden" name="id" value={row.id} />
          <label htmlFor={`seats-${row.id}`} className="visually-hidden">
            Seats of {label}
          </label>
          <input
            id={`seats-${row.id}`}
            type="number"
            name="seats"
            min={Math.max(MIN_DEPARTURE_SEATS, row.sold)}
            max={MAX_DEPARTURE_SEATS}
            step={1}
            defaultValue={row.seats}
            key={row.seats}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `error-${row.id}` : undefined}
          />
          <button type="submit" className="button button-secondary">
            Save seats
          </button>
        </Form>
      ) : null}
      {actions.map((action) => (
        <Form method="post" key={action} className="inline-form">
          <input type="hidden" name="intent" value={action} />
          <input type="hidden" name="id" value={row.id} />
          <button
            type="submit"
            className={action === "cancel" ? "button button-danger" : "button button-secondary"}
            aria-label={`${ACTION_LABEL[action]} ${label}`}
          >
            {ACTION_LABEL[action]}
          </button>
        </Form>
      ))}
      {result?.ask ? (
        <Form method="post" className="confirm-step" aria-label={`Confirm the cancellation of ${label}`}>
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="confirm" value="yes" />
          <p role="alert">
            Cancel the departure of {label}? Its {row.sold === 1 ? "booking is" : "bookings are"} cancelled and refunded in full.
          </p>
          <button type="submit" className="button button-danger">
            Yes, cancel {label}
          </button>
        </Form>
      ) : null}
      {error ? (
        <p id={`error-${row.id}`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const ACTION_LABEL = { close: "Close", reopen: "Reopen", cancel: "Cancel departure" } as const;
