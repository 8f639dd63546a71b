// Promo codes (administrators): add one, edit it (?edit=CODE fills the form), make it active or not,
// and see how many orders hold each. Every form is a plain POST with an intent, so the page works
// without JavaScript. Any window is accepted, past ones included (a finished campaign): ordering
// with such a code then says it has expired.
import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { describeDiscount, normalisePromoCode, PACKAGE_SELECT_MAX, promoCodeActionSchema, promoCodeInputSchema } from "~/booking";
import {
  createPromoCode,
  findPromoCode,
  listPackageChoices,
  listPromoCodes,
  PromoCodeError,
  promoCodeInputOf,
  updatePromoCode,
} from "~/booking/index.server";
import { DataTable } from "~/components/DataTable";
import { Field, FieldError, FormErrors, SelectField, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { dashboardTitle } from "~/http/page-meta";
import { agencyToday, formatCalendarDate } from "~/platform/dates";
import { parseForm } from "~/platform/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const editing = new URL(request.url).searchParams.get("edit");
  const [codes, packages, edited] = await Promise.all([
    listPromoCodes(),
    listPackageChoices(PACKAGE_SELECT_MAX),
    editing ? findPromoCode(editing) : null,
  ]);
  if (editing && !edited) throw redirect("/dashboard/promo-codes");
  const titles = new Map((packages ?? []).map((tourPackage) => [tourPackage.id, tourPackage.title]));
  const today = agencyToday();
  return {
    packages: packages ?? [],
    edited: edited ? promoCodeInputOf(edited) : null,
    codes: codes.map((code) => ({
      code: code.code,
      discount: describeDiscount(code),
      window: `${formatCalendarDate(code.validFrom)} – ${formatCalendarDate(code.validUntil)}`,
      state: today > code.validUntil ? "Expired" : today < code.validFrom ? "Not yet valid" : null,
      travel:
        code.travelFrom || code.travelUntil
          ? `${code.travelFrom ? formatCalendarDate(code.travelFrom) : "any date"} – ${code.travelUntil ? formatCalendarDate(code.travelUntil) : "any date"}`
          : "Any date",
      uses: `${code.redemptions}${code.maxRedemptions !== null ? ` of ${code.maxRedemptions}` : ""}`,
      perCustomer: code.maxPerCustomer,
      packages:
        code.packageIds.length === 0 ? "All" : code.packageIds.map((id) => titles.get(id) ?? "a deleted package").join(", "),
      minTravellers: code.minTravellers,
      active: code.active,
    })),
  };
}

type Intent = "create" | "update" | "activate" | "deactivate";
const INTENTS: readonly Intent[] = ["create", "update", "activate", "deactivate"];

type ActionAnswer = {
  intent: Intent;
  result: ReturnType<ReturnType<typeof parseForm>["reply"]> | null;
  message: string | null;
  error: string | null;
};

const answer = (intent: Intent, fields: Partial<ActionAnswer> = {}): ActionAnswer => ({
  intent,
  result: null,
  message: null,
  error: null,
  ...fields,
});

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent")) as Intent;
  if (!INTENTS.includes(intent)) return data(answer("create", { error: "Unknown action." }), { status: 400 });
  if (intent === "activate" || intent === "deactivate") {
    const submission = parseForm(formData, promoCodeActionSchema);
    const stored = submission.status === "success" ? await findPromoCode(submission.value.code) : null;
    if (!stored) return data(answer(intent, { error: "No such promo code." }), { status: 404 });
    await updatePromoCode(stored.code, { ...promoCodeInputOf(stored), active: intent === "activate" });
    return answer(intent, { message: `${stored.code} is ${intent === "activate" ? "active" : "inactive"}.` });
  }
  const submission = parseForm(formData, promoCodeInputSchema);
  if (submission.status !== "success") return data(answer(intent, { result: submission.reply() }), { status: 400 });
  const input = submission.value;
  try {
    if (intent === "create") {
      await createPromoCode(input);
      return answer(intent, { result: submission.reply({ resetForm: true }), message: `Promo code ${input.code} added.` });
    }
    await updatePromoCode(normalisePromoCode(String(formData.get("original") ?? "")), input);
  } catch (error) {
    if (!(error instanceof PromoCodeError)) throw error;
    if (error.field)
      return data(answer(intent, { result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }), {
        status: 400,
      });
    return data(answer(intent, { result: submission.reply({ formErrors: [error.message] }) }), { status: 404 });
  }
  return answer(intent, { result: submission.reply({ resetForm: true }), message: `Promo code ${input.code} saved.` });
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.promoCodes");

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** A stored code as its form's fields (text, "yes"/"no"). */
function formValues(code: NonNullable<Loaded["edited"]>) {
  const text = (value: number | undefined) => (value === undefined ? undefined : String(value));
  return {
    ...code,
    percentOff: text(code.percentOff),
    amountOff: text(code.amountOff),
    maxRedemptions: text(code.maxRedemptions),
    maxPerCustomer: text(code.maxPerCustomer),
    minTravellers: text(code.minTravellers),
    active: code.active ? "yes" : "no",
  };
}

function CodeForm({ edited, packages }: { edited: Loaded["edited"]; packages: Loaded["packages"] }) {
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const intent = edited ? "update" : "create";
  const [form, fields] = useAppForm(promoCodeInputSchema, {
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    defaultValue: edited ? formValues(edited) : { active: "yes" },
  });
  const chosen = new Set((fields.packages.initialValue as string[] | string | undefined) ?? []);
  const title = edited ? `Edit promo code ${edited.code}` : "Add a promo code";
  return (
    <div className="card form-card dashboard-form">
      <h2 id="promo-form-title">{title}</h2>
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} aria-labelledby="promo-form-title">
        <input type="hidden" name="intent" value={intent} />
        {edited ? <input type="hidden" name="original" value={edited.code} /> : null}
        <Field
          label="Code"
          meta={fields.code}
          description="Letters, digits and dashes; customers may type it in any case."
          inputProps={{ autoComplete: "off", spellCheck: false }}
        />
        <div className="field-row">
          <Field label="Percent off" meta={fields.percentOff} type="number" inputProps={{ min: 1, max: 100, step: 1 }} />
          <Field
            label="Or amount off ($)"
            meta={fields.amountOff}
            type="number"
            description="Whole dollars off the total."
            inputProps={{ min: 1, step: 1 }}
          />
        </div>
        <div className="field-row">
          <Field label="Usable from" meta={fields.validFrom} type="date" />
          <Field label="Usable until" meta={fields.validUntil} type="date" description="The last day an order can use it." />
        </div>
        <div className="field-row">
          <Field label="Trips from (optional)" meta={fields.travelFrom} type="date" />
          <Field
            label="Trips until (optional)"
            meta={fields.travelUntil}
            type="date"
            description="Early-bird or last-minute offers: only trips on these dates."
          />
        </div>
        <div className="field-row">
          <Field label="Uses in all (optional)" meta={fields.maxRedemptions} type="number" inputProps={{ min: 1, step: 1 }} />
          <Field
            label="Uses per customer (optional)"
            meta={fields.maxPerCustomer}
            type="number"
            inputProps={{ min: 1, step: 1 }}
          />
        </div>
        <Field
          label="Minimum travellers (optional)"
          meta={fields.minTravellers}
          type="number"
          inputProps={{ min: 1, max: 20, step: 1 }}
        />
        <div className="field">
          <label htmlFor={fields.packages.id}>Packages (optional)</label>
          <select
            id={fields.packages.id}
            name={fields.packages.name}
            multiple
            size={Math.min(6, Math.max(2, packages.length))}
            defaultValue={[...chosen]}
            aria-invalid={fields.packages.errors ? true : undefined}
            aria-describedby={`${fields.packages.descriptionId} ${fields.packages.errorId}`}
          >
            {packages.map((tourPackage) => (
              <option key={tourPackage.id} value={tourPackage.id}>
                {tourPackage.title}
              </option>
            ))}
          </select>
          <p id={fields.packages.descriptionId} className="hint">
            None chosen: every package. Hold Ctrl (or ⌘) to choose several.
          </p>
          <FieldError meta={fields.packages} />
        </div>
        <SelectField label="Active" meta={fields.active}>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </SelectField>
        <SubmitButton pending={pending} pendingLabel="Saving">
          {edited ? "Save promo code" : "Add promo code"}
        </SubmitButton>{" "}
        {edited ? <Link to="/dashboard/promo-codes">Cancel</Link> : null}
      </Form>
    </div>
  );
}

export default function PromoCodesPage() {
  const { codes, packages, edited } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section aria-labelledby="promo-codes-title">
      <h1 id="promo-codes-title">Promo codes</h1>
      <p className="muted">
        A code takes a percent or an amount off an order&apos;s total. An order holds one use from the moment it is placed; the
        use is given back if the order expires or is cancelled unpaid.
      </p>
      {actionData?.message ? (
        <p className="form-success" role="status">
          {actionData.message}
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="alert alert-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <DataTable
        rows={codes}
        rowKey={(code) => code.code}
        empty="No promo codes yet: add the first one below."
        columns={[
          { header: "Code", cell: (code) => <code>{code.code}</code> },
          { header: "Discount", cell: (code) => code.discount },
          {
            header: "Usable",
            cell: (code) => (
              <>
                {code.window}
                {code.state ? <span className="badge badge-muted"> {code.state}</span> : null}
              </>
            ),
          },
          { header: "Trips", cell: (code) => code.travel },
          { header: "Used", cell: (code) => code.uses },
          { header: "Per customer", cell: (code) => code.perCustomer ?? "Any" },
          { header: "Packages", cell: (code) => code.packages },
          { header: "Min. travellers", cell: (code) => code.minTravellers ?? "—" },
          { header: "Status", cell: (code) => (code.active ? "Active" : <span className="badge badge-danger">Inactive</span>) },
          {
            header: "Actions",
            cell: (code) => (
              <div className="row-actions">
                <Link
                  className="button button-small"
                  to={`?edit=${encodeURIComponent(code.code)}`}
                  aria-label={`Edit ${code.code}`}
                >
                  Edit
                </Link>
                <Form method="post" className="inline-form">
                  <input type="hidden" name="intent" value={code.active ? "deactivate" : "activate"} />
                  <input type="hidden" name="code" value={code.code} />
                  <button
                    type="submit"
                    className="button button-small button-secondary"
                    aria-label={`${code.active ? "Deactivate" : "Activate"} ${code.code}`}
                  >
                    {code.active ? "Deactivate" : "Activate"}
                  </button>
                </Form>
              </div>
            ),
          },
        ]}
      />
      {/* a new form for each code edited: its fields start from that code's values */}
      <CodeForm key={edited?.code ?? "new"} edited={edited} packages={packages} />
    </section>
  );
}
