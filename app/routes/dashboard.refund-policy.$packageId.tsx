// /dashboard/refund-policy/{packageId} (admins): a package's refund tiers by days before departure
// (app/booking/cancelling/refund-policy.ts). Every row left empty: the default policy.
import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import {
  DEFAULT_REFUND_POLICY,
  describePolicy,
  MAX_TIERS,
  refundPolicyOf,
  refundPolicySchema,
  storedRefundPolicy,
} from "~/booking";
import { findRefundPolicy, saveRefundPolicy } from "~/booking/index.server";
import { Field, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { parseForm } from "~/platform/forms";
import { isPlausibleId } from "~/platform/ids";

async function loadPackage(request: Request, packageId: string | undefined) {
  await requireAdmin(request);
  const tourPackage = isPlausibleId(packageId) ? await findRefundPolicy(packageId) : null;
  if (!tourPackage) throw new Response("No such package", { status: 404 });
  return tourPackage;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const tourPackage = await loadPackage(request, params.packageId);
  const tiers = refundPolicyOf(tourPackage.refundPolicy);
  return { title: tourPackage.title, isDefault: tourPackage.refundPolicy === null, tiers, lines: describePolicy(tiers) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const tourPackage = await loadPackage(request, params.packageId);
  const submission = parseForm(await request.formData(), refundPolicySchema);
  if (submission.status !== "success") return data({ result: submission.reply(), saved: false }, { status: 400 });
  const stored = storedRefundPolicy(submission.value.tiers);
  if (!(await saveRefundPolicy(tourPackage.id, stored))) throw new Response("No such package", { status: 404 });
  return { result: submission.reply(), saved: true };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Refund policy: ${loaded.title} — Tour Booking` : "Refund policy — Tour Booking" },
];

/** The stored tiers, then empty rows up to MAX_TIERS. */
function rows(tiers: { minDays: number; percent: number }[]) {
  return Array.from({ length: MAX_TIERS }, (_, index) =>
    tiers[index]
      ? { minDays: String(tiers[index].minDays), percent: String(tiers[index].percent) }
      : { minDays: "", percent: "" },
  );
}

export default function RefundPolicyPage() {
  const { title, isDefault, tiers, lines } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm(refundPolicySchema, {
    lastResult: actionData?.result,
    defaultValue: { tiers: rows(tiers) },
  });
  const tierFields = fields.tiers.getFieldList();
  return (
    <section aria-labelledby="refund-policy-title" className="card form-card dashboard-form refund-policy-form">
      <h1 id="refund-policy-title">Refund policy: {title}</h1>
      <p>{isDefault ? "This package uses the default policy:" : "This package's policy:"}</p>
      <ul className="plain-list">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {actionData?.saved ? (
        <p className="form-success" role="status">
          Refund policy saved.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <p className="hint">
          Each tier refunds a percentage of what was paid when the booking is cancelled at least that many days before the
          departure date; below the smallest, nothing. Leave every row empty to use the default policy (
          {DEFAULT_REFUND_POLICY.map((tier) => `${tier.minDays}+ days: ${tier.percent} %`).join(", ")}, less: 0 %).
        </p>
        {fields.tiers.errors?.length ? (
          <p className="alert alert-error" role="alert" id={fields.tiers.errorId}>
            {fields.tiers.errors[0]}
          </p>
        ) : null}
        {tierFields.map((tier, index) => {
          const tierSet = tier.getFieldset();
          return (
            <fieldset key={tier.key}>
              <legend>Tier {index + 1}</legend>
              <Field
                label="At least (days before departure)"
                meta={tierSet.minDays}
                type="number"
                inputProps={{ min: 0, max: 365, step: 1, inputMode: "numeric" }}
              />
              <Field
                label="Refund (%)"
                meta={tierSet.percent}
                type="number"
                inputProps={{ min: 0, max: 100, step: 1, inputMode: "numeric" }}
              />
            </fieldset>
          );
        })}
        <SubmitButton pending={pending} pendingLabel="Saving">
          Save refund policy
        </SubmitButton>
      </Form>
      <p>
        <Link to="/dashboard/manageProducts">Back to Manage Products</Link>
      </p>
    </section>
  );
}
