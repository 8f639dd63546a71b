// /dashboard/departures/{id}, for guides and administrators. With a departure's id: its manifest
// (every traveller of its live bookings; an ID number revealed one at a time by a POST, each reveal
// recorded; totals per category; a print stylesheet and a CSV) and its guide, whom an administrator
// assigns; a guide reads only their own departures and unassigned ones. With a package's id: its departures
// (reached from Manage Products), where an administrator adds a date, changes the seats (never below
// the seats sold), closes, reopens or cancels one (cancelling cancels and refunds its bookings); a
// guide only reads them. Every form is a plain POST with an intent.
import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireAdmin, requireStaff, type SessionUser } from "~/accounts/index.server";
import {
  categoryTotals,
  CHECK_IN_LABELS,
  checkInCount,
  departureActions,
  departureForms,
  type DepartureIntent,
  detailsToFollow,
  detailsToFollowText,
  guideFormSchema,
  manifestRows,
  MAX_DEPARTURE_SEATS,
  MIN_DEPARTURE_SEATS,
  payByText,
  seatsLeft,
  type WaitlistStatusName,
} from "~/booking";
import {
  addDeparture,
  assignGuide,
  changeDepartureSeats,
  changeDepartureStatus,
  DepartureError,
  departureErrorStatus,
  departuresOf,
  listGuides,
  listHolds,
  packageWaitlist,
  listManifestTravellers,
  listResellerHolds,
  revealIdNumbers,
  staffDeparture,
} from "~/booking/index.server";
import { findPackageToOrder } from "~/catalogue/index.server";
import { DataTable } from "~/components/DataTable";
import { DepartureGuide } from "~/components/DepartureGuide";
import { Field, FormErrors, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { useT } from "~/components/language-context";
import { ResellerHolds } from "~/components/ResellerHolds";
import { agencyToday, formatCalendarDate, formatDateTime, isoDate } from "~/platform/dates";
import { parseForm } from "~/platform/forms";
import type { MessageKey } from "~/platform/i18n";

type ManifestDeparture = Extract<Awaited<ReturnType<typeof staffDeparture>>, { departure: unknown }>["departure"];

async function manifest(departure: ManifestDeparture, user: SessionUser) {
  const travellers = await listManifestTravellers(departure.id);
  const rows = manifestRows(travellers, departure.startDate);
  const missing = detailsToFollow(
    travellers.map((traveller) => ({ ...traveller, idErased: traveller.idErasedAt !== null })),
    departure.service.idRequired,
  );
  const { guide } = departure;
  return {
    kind: "manifest" as const,
    isAdmin: user.isAdmin,
    // a broadcast reaches every traveller's phone: administrators and the assigned guide only
    canBroadcast: user.isAdmin || departure.guideId === user.id,
    guide: guide ? { name: guide.displayName, email: guide.email, phone: guide.phone } : null,
    guides: user.isAdmin ? (await listGuides()).map((choice) => ({ email: choice.email, name: choice.displayName })) : [],
    departure: {
      id: departure.id,
      serviceId: departure.serviceId,
      title: departure.service.title,
      date: isoDate(departure.startDate),
      seats: departure.seats,
      sold: departure.seatsTaken,
      status: departure.status,
    },
    rows,
    toFollow: detailsToFollowText(missing),
    totals: categoryTotals(rows),
    count: checkInCount(rows),
  };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const found = await staffDeparture(params.id ?? "", user);
  if ("departure" in found) return manifest(found.departure, user);
  if (found.refused.status === 403) throw new Response(found.refused.message, { status: 403 });
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
  // Who holds seats unpaid, so that an admin sees one account holding a date (and can cancel its orders); not for guides.
  const holds = (user.isAdmin ? await listHolds(tourPackage.id, new Date()) : []).map((hold) => ({
    id: hold.id,
    date: departures.find((departure) => departure.id === hold.departureId)?.date ?? "",
    customer: `${hold.user.displayName} <${hold.user.email}>`,
    seats: hold.quantity,
    payBy: payByText(hold.holdExpiresAt!),
    paying: hold.paymentStatus === "PROCESSING",
  }));
  // Resellers' holds beside the website's, per reseller and date (issue 35: one key could hold a date).
  const resellerHolds = (user.isAdmin ? await listResellerHolds(tourPackage.id, new Date()) : []).map((hold) => ({
    key: `${hold.departureId}-${hold.reseller}`,
    date: departures.find((departure) => departure.id === hold.departureId)?.date ?? "",
    reseller: hold.reseller,
    seats: hold.seats,
    holds: hold.holds,
    cap: hold.cap,
    firstExpires: formatDateTime(hold.firstExpiresAt),
  }));
  return {
    kind: "package" as const,
    isAdmin: user.isAdmin,
    tourPackage: { id: tourPackage.id, title: tourPackage.title },
    departures,
    holds,
    resellerHolds,
    // Each date's waitlist (waiting and offered parties), first come first; not for guides.
    waitlist: (user.isAdmin ? await packageWaitlist(tourPackage.id) : []).map((place) => ({
      ...place,
      offerExpiresAt: place.offerExpiresAt && formatDateTime(place.offerExpiresAt),
      joined: formatDateTime(place.joined),
    })),
    today: agencyToday(),
  };
}

const DONE: Record<DepartureIntent, string> = {
  add: "Departure added.",
  seats: "Seats changed.",
  close: "Departure closed: no new bookings.",
  reopen: "Departure reopened.",
  cancel: "Departure cancelled.",
};

/** A manifest's Reveal: the traveller's whole ID number in this answer only, the reveal recorded. */
async function reveal(departureId: string, formData: FormData, user: SessionUser) {
  const found = await staffDeparture(departureId, user);
  if ("refused" in found) throw new Response(found.refused.message, { status: found.refused.status });
  const { departure } = found;
  const traveller = String(formData.get("traveller") ?? "");
  const revealed = await revealIdNumbers(departure.id, [traveller], user.id);
  if (!revealed.has(traveller)) {
    return data(
      { reveal: { traveller, idNumber: null, message: "No ID number to reveal for this traveller." } },
      { status: 404 },
    );
  }
  return { reveal: { traveller, idNumber: revealed.get(traveller)!, message: null } };
}

/** A manifest's guide form (administrators): a guide's email, or blank for none. */
async function changeGuide(departureId: string, formData: FormData) {
  const submission = parseForm(formData, guideFormSchema);
  if (submission.status !== "success") {
    const error =
      Object.values(submission.error ?? {})
        .flat()
        .find(Boolean) ?? "Please choose a guide.";
    return data({ guideChange: { message: null, error } }, { status: 400 });
  }
  const email = submission.value.guide ?? null;
  try {
    await assignGuide(departureId, email);
  } catch (error) {
    if (!(error instanceof DepartureError)) throw error;
    return data({ guideChange: { message: null, error: error.message } }, { status: departureErrorStatus(error) });
  }
  return { guideChange: { message: email ? "Guide assigned." : "No guide assigned now.", error: null } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const formData = await request.formData();
  if (formData.get("intent") === "reveal") return reveal(params.id ?? "", formData, staff);
  // Everything else changes departures: administrators only.
  const admin = await requireAdmin(request);
  if (formData.get("intent") === "guide") return changeGuide(params.id ?? "", formData);
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
  {
    title: !loaded
      ? "Departures — Tour Booking"
      : loaded.kind === "manifest"
        ? `Manifest of ${loaded.departure.title}, ${formatCalendarDate(loaded.departure.date)} — Tour Booking`
        : `Departures of ${loaded.tourPackage.title} — Tour Booking`,
  },
];

const STATUS_LABEL = { OPEN: "Open", CLOSED: "Closed", CANCELLED: "Cancelled" } as const;

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;
type PackageLoaded = Extract<Loaded, { kind: "package" }>;
type ManifestLoaded = Extract<Loaded, { kind: "manifest" }>;
type Row = PackageLoaded["departures"][number];

export default function DeparturesPage() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.kind === "manifest" ? <Manifest {...loaded} /> : <Departures {...loaded} />;
}

function Manifest({ departure, rows, toFollow, totals, count, isAdmin, canBroadcast, guide, guides }: ManifestLoaded) {
  const { t } = useT();
  const actionData = useActionData<typeof action>();
  const revealed = actionData && "reveal" in actionData ? actionData.reveal : null;
  const guideChange = actionData && "guideChange" in actionData ? actionData.guideChange : null;
  const label = formatCalendarDate(departure.date);
  return (
    <section aria-labelledby="manifest-title" className="manifest-page">
      <p className="no-print">
        <Link to="/dashboard/departures">← Departures</Link>
        {isAdmin ? (
          <>
            {" · "}
            <Link to={`/dashboard/departures/${departure.serviceId}`}>Departures of this package</Link>
          </>
        ) : null}
      </p>
      <h1 id="manifest-title">
        Manifest: {departure.title}, <time dateTime={departure.date}>{label}</time>
      </h1>
      <p className="manifest-summary">
        <strong>
          {count.expected} {count.expected === 1 ? "traveller" : "travellers"}
        </strong>
        {totals.length > 0 ? `: ${totals.map((total) => `${total.count} ${total.category}`).join(", ")}` : null}
        {" · "}
        Checked in {count.checkedIn} of {count.expected}
        {count.noShow > 0 ? ` · ${count.noShow} no-show` : null}
        {departure.status !== "OPEN" ? ` · ${STATUS_LABEL[departure.status]}` : null}
        {toFollow ? <span className="travellers-missing"> · {toFollow}</span> : null}
      </p>
      <p className="manifest-links no-print">
        <Link className="button" to={`/dashboard/departures/${departure.id}/check-in`}>
          Check-in
        </Link>
        <a className="button button-secondary" href={`/dashboard/departures/${departure.id}/manifest.csv`} download>
          Download CSV
        </a>
        {isAdmin ? (
          <a
            className="button button-secondary"
            href={`/dashboard/departures/${departure.id}/manifest.csv?ids=full`}
            download
            title="Every ID number exported is recorded as revealed by you"
          >
            CSV with whole ID numbers
          </a>
        ) : null}
        {canBroadcast ? (
          <Link className="button button-secondary" to={`/dashboard/departures/${departure.id}/broadcast`}>
            {t("broadcast.open")}
          </Link>
        ) : null}
        {isAdmin ? (
          <Link className="button button-secondary" to={`/dashboard/departures/${departure.id}/prices`}>
            {t("prices.open")}
          </Link>
        ) : null}
        <PrintButton />
      </p>
      <DepartureGuide guide={guide} guides={guides} canAssign={isAdmin} result={guideChange} />
      {revealed?.message ? (
        <p className="alert alert-error no-print" role="alert">
          {revealed.message}
        </p>
      ) : null}
      <h2 className="visually-hidden">Travellers</h2>
      <div className="manifest-table">
        <DataTable
          rows={rows}
          rowKey={(row) => row.id}
          empty="No travellers on this departure yet."
          columns={[
            { header: "Reference", cell: (row) => <span className="reference">{row.reference}</span> },
            { header: "Traveller", cell: (row) => row.name ?? <span className="muted">Name to follow</span> },
            { header: "Category", cell: (row) => row.category },
            { header: "Age", cell: (row) => row.age ?? "—" },
            {
              header: "ID number",
              cell: (row) =>
                revealed && revealed.traveller === row.id && revealed.idNumber ? (
                  <span className="id-number" data-revealed="true">
                    {revealed.idNumber}
                  </span>
                ) : row.idMasked ? (
                  <span className="id-number">
                    {row.idMasked}{" "}
                    <Form method="post" className="inline-form no-print" preventScrollReset>
                      <input type="hidden" name="intent" value="reveal" />
                      <input type="hidden" name="traveller" value={row.id} />
                      <button
                        type="submit"
                        className="button button-small button-secondary"
                        aria-label={`Reveal the ID number of ${row.name ?? `traveller ${row.reference}`}`}
                      >
                        Reveal
                      </button>
                    </Form>
                  </span>
                ) : (
                  "—"
                ),
            },
            {
              header: "Booked by",
              cell: (row) => (
                <>
                  {row.booker}
                  <br />
                  <span className="hint">
                    {row.channel}
                    {row.resellerReference ? `, ref. ${row.resellerReference}` : ""}
                  </span>
                </>
              ),
            },
            { header: "Mobile", cell: (row) => <a href={`tel:${row.mobileNumber}`}>{row.mobileNumber}</a> },
            {
              header: "Payment",
              cell: (row) => (
                <>
                  {row.payment}
                  {row.toCollect ? <strong className="to-collect">To collect: {row.toCollect}</strong> : null}
                </>
              ),
            },
            { header: "Check-in", cell: (row) => CHECK_IN_LABELS[row.checkIn ?? "NONE"] },
          ]}
        />
      </div>
    </section>
  );
}

/** Prints the page (the print stylesheet leaves the list); without JavaScript the browser's own Print does the same. */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="button button-secondary" onClick={() => window.print()}>
      Print
    </button>
  );
}

function Departures({ tourPackage, departures, holds, resellerHolds, waitlist, today, isAdmin }: PackageLoaded) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const changed = actionData && "intent" in actionData ? actionData : undefined;
  const addResult = changed?.intent === "add" ? changed.result : undefined;
  const [form, fields] = useAppForm(departureForms.add, { lastResult: addResult });
  const rowResult = (row: Row) => (changed && changed.intent !== "add" && changed.id === row.id ? changed : null);

  return (
    <section aria-labelledby="departures-title" className="departures-page">
      <p>
        <Link to="/dashboard/manageProducts">← Manage Products</Link>
      </p>
      <h1 id="departures-title">Departures: {tourPackage.title}</h1>
      {changed?.message ? (
        <p className="form-success" role="status">
          {changed.message}
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
          {
            header: isAdmin ? "Action" : "Manifest",
            cell: (row) => (
              <>
                <Link to={`/dashboard/departures/${row.id}`} aria-label={`Manifest of ${formatCalendarDate(row.date)}`}>
                  Manifest
                </Link>
                {isAdmin ? <RowActions row={row} result={rowResult(row)} /> : null}
              </>
            ),
          },
        ]}
      />
      {isAdmin ? (
        <>
          <h2 id="holds-title">Unpaid holds on the website</h2>
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
          <ResellerHolds rows={resellerHolds} />
          <DepartureWaitlist rows={waitlist} />

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
        </>
      ) : null}
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

const WAITLIST_STATUS: Record<WaitlistStatusName, MessageKey> = {
  waiting: "waitlist.status.waiting",
  offered: "waitlist.status.offered",
  booked: "waitlist.status.booked",
  left: "waitlist.status.left",
  expired: "waitlist.status.expired",
};

/** The parties waiting on the package's dates, and those offered seats until when. */
function DepartureWaitlist({ rows }: { rows: PackageLoaded["waitlist"] }) {
  const { t } = useT();
  return (
    <>
      <h2 id="waitlist-title">{t("waitlist.admin.title")}</h2>
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        empty={t("waitlist.admin.empty")}
        columns={[
          { header: t("waitlist.admin.date"), cell: (row) => <time dateTime={row.date}>{formatCalendarDate(row.date)}</time> },
          { header: t("waitlist.admin.customer"), cell: (row) => row.customer },
          { header: t("waitlist.admin.travellers"), cell: (row) => row.persons },
          {
            header: t("waitlist.admin.status"),
            cell: (row) => `${t(WAITLIST_STATUS[row.status])}${row.offerExpiresAt ? ` (${row.offerExpiresAt})` : ""}`,
          },
          { header: t("waitlist.admin.joined"), cell: (row) => row.joined },
        ]}
      />
    </>
  );
}
