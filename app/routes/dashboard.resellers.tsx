// Resellers of the OCTO API (administrators): add one, make it active or not, create its API keys
// (a new key is shown on the answer to its form, once: only its hash is kept) and revoke them.
// Every form is a plain POST with an intent, so the page works without JavaScript. Each reseller's
// caps bound the seats its OCTO holds keep unconfirmed (docs/octo.md).
import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { DataTable } from "~/components/DataTable";
import { Field, FormErrors, SelectField, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { formatCommission, type ResellerIntent, resellerForms } from "~/distribution";
import {
  createReseller,
  createResellerKey,
  listResellers,
  revokeResellerKey,
  setResellerActive,
  setResellerHoldCaps,
} from "~/distribution/index.server";
import { dashboardTitle } from "~/http/page-meta";
import { formatDateTime } from "~/platform/dates";
import { parseForm } from "~/platform/forms";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const resellers = await listResellers();
  return {
    resellers: resellers.map((reseller) => ({
      id: reseller.id,
      name: reseller.name,
      email: reseller.email,
      commission: formatCommission(reseller.commissionBasisPoints),
      active: reseller.active,
      maxHeldSeatsPerDeparture: reseller.maxHeldSeatsPerDeparture,
      maxHeldSeats: reseller.maxHeldSeats,
      keys: reseller.keys.map((key) => ({
        id: key.id,
        prefix: key.prefix,
        created: formatDateTime(key.createdAt),
        lastUsed: key.lastUsedAt ? formatDateTime(key.lastUsedAt) : null,
        revoked: key.revokedAt ? formatDateTime(key.revokedAt) : null,
      })),
    })),
  };
}

type ActionAnswer = {
  intent: ResellerIntent;
  result: ReturnType<ReturnType<typeof parseForm>["reply"]> | null;
  message: string | null;
  error: string | null;
  /** the new key, on the one answer that shows it */
  key: { resellerId: string; value: string } | null;
};

const answer = (intent: ResellerIntent, fields: Partial<ActionAnswer> = {}): ActionAnswer => ({
  intent,
  result: null,
  message: null,
  error: null,
  key: null,
  ...fields,
});

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent")) as ResellerIntent;
  if (!Object.hasOwn(resellerForms, intent)) return data(answer("create", { error: "Unknown action." }), { status: 400 });
  const submission = parseForm(formData, resellerForms[intent]);
  if (submission.status !== "success") {
    const error = intent === "create" ? null : (Object.values(submission.error ?? {}).flat()[0] ?? "Unknown reseller.");
    return data(answer(intent, { result: submission.reply(), error }), { status: 400 });
  }
  const value = submission.value as {
    id: string;
    keyId: string;
    maxHeldSeatsPerDeparture: number;
    maxHeldSeats: number;
  } & Parameters<typeof createReseller>[0];
  if (intent === "create") {
    await createReseller(value);
    return answer(intent, { result: submission.reply({ resetForm: true }), message: `Reseller ${value.name} added.` });
  }
  if (intent === "activate" || intent === "deactivate") {
    if (!(await setResellerActive(value.id, intent === "activate"))) {
      return data(answer(intent, { error: "Unknown reseller." }), { status: 404 });
    }
    return answer(intent, {
      message: intent === "activate" ? "Reseller activated." : "Reseller deactivated: its keys are refused.",
    });
  }
  if (intent === "caps") {
    const caps = { maxHeldSeatsPerDeparture: value.maxHeldSeatsPerDeparture, maxHeldSeats: value.maxHeldSeats };
    if (!(await setResellerHoldCaps(value.id, caps)))
      return data(answer(intent, { error: "Unknown reseller." }), { status: 404 });
    return answer(intent, {
      message: `Hold caps saved: ${caps.maxHeldSeatsPerDeparture} seats per departure, ${caps.maxHeldSeats} in all.`,
    });
  }
  if (intent === "create-key") {
    const created = await createResellerKey(value.id);
    if (!created) return data(answer(intent, { error: "Unknown reseller." }), { status: 404 });
    return answer(intent, { message: "Key created.", key: { resellerId: value.id, value: created.key } });
  }
  const revoked = await revokeResellerKey(value.id, value.keyId);
  if (revoked === "not-found") return data(answer(intent, { error: "Unknown key." }), { status: 404 });
  return answer(intent, { message: revoked === "revoked" ? "Key revoked." : "This key was already revoked." });
}

export const meta: MetaFunction = ({ matches }) => dashboardTitle(matches, "dashboard.nav.resellers");

type Row = ReturnType<typeof useLoaderData<typeof loader>>["resellers"][number];

function Keys({ reseller }: { reseller: Row }) {
  if (reseller.keys.length === 0) return <span className="muted">No keys</span>;
  return (
    <ul className="plain-list">
      {reseller.keys.map((key) => (
        <li key={key.id}>
          <code>{key.prefix}…</code> created {key.created}; {key.lastUsed ? `last used ${key.lastUsed}` : "never used"}
          {key.revoked ? (
            <span className="badge badge-danger">Revoked {key.revoked}</span>
          ) : (
            <Form method="post" className="inline-form">
              <input type="hidden" name="intent" value="revoke-key" />
              <input type="hidden" name="id" value={reseller.id} />
              <input type="hidden" name="keyId" value={key.id} />
              <button
                type="submit"
                className="button button-small button-danger"
                aria-label={`Revoke key ${key.prefix} of ${reseller.name}`}
              >
                Revoke
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A cap's field: a whole number of seats. */
function CapInput({ label, name, value }: { label: string; name: string; value: number }) {
  return (
    <label>
      {label} <input type="number" name={name} defaultValue={value} min={1} max={10000} step={1} required inputMode="numeric" />
    </label>
  );
}

/** The seats the reseller's holds may keep unconfirmed: one plain form per reseller. */
function HoldCaps({ reseller }: { reseller: Row }) {
  return (
    <Form method="post" className="inline-form hold-caps" aria-label={`Hold caps of ${reseller.name}`}>
      <input type="hidden" name="intent" value="caps" />
      <input type="hidden" name="id" value={reseller.id} />
      <CapInput label="Per departure" name="maxHeldSeatsPerDeparture" value={reseller.maxHeldSeatsPerDeparture} />{" "}
      <CapInput label="In all" name="maxHeldSeats" value={reseller.maxHeldSeats} />{" "}
      <button type="submit" className="button button-small button-secondary" aria-label={`Save hold caps of ${reseller.name}`}>
        Save
      </button>
    </Form>
  );
}

function RowActions({ reseller }: { reseller: Row }) {
  return (
    <div className="row-actions">
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="create-key" />
        <input type="hidden" name="id" value={reseller.id} />
        <button type="submit" className="button button-small" aria-label={`Create a key for ${reseller.name}`}>
          Create key
        </button>
      </Form>
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value={reseller.active ? "deactivate" : "activate"} />
        <input type="hidden" name="id" value={reseller.id} />
        <button
          type="submit"
          className="button button-small button-secondary"
          aria-label={`${reseller.active ? "Deactivate" : "Activate"} ${reseller.name}`}
        >
          {reseller.active ? "Deactivate" : "Activate"}
        </button>
      </Form>
    </div>
  );
}

export default function ResellersPage() {
  const { resellers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm(resellerForms.create, {
    lastResult: actionData?.intent === "create" ? actionData.result : undefined,
  });
  const keyOwner = actionData?.key ? resellers.find((reseller) => reseller.id === actionData.key!.resellerId) : null;
  return (
    <section aria-labelledby="resellers-title">
      <h1 id="resellers-title">Resellers</h1>
      <p className="muted">
        Agencies and online platforms that sell the packages through the OCTO API (<code>/octo</code>, see the reseller guide
        docs/octo.md). Their keys work on the OCTO API only.
      </p>
      <p>
        <Link to="/dashboard/resellers/commission">Commission report per month</Link>
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
      {actionData?.key ? (
        <div className="card form-card new-key" role="region" aria-labelledby="new-key-title">
          <h2 id="new-key-title">New key{keyOwner ? ` for ${keyOwner.name}` : ""}</h2>
          <p>Copy this key now and send it to the reseller safely: it is not shown again.</p>
          <p>
            <code className="break-anywhere" data-testid="new-key">
              {actionData.key.value}
            </code>
          </p>
        </div>
      ) : null}
      <DataTable
        rows={resellers}
        rowKey={(reseller) => reseller.id}
        empty="No resellers yet: add the first one below."
        columns={[
          { header: "Name", cell: (reseller) => reseller.name },
          { header: "Contact email", cell: (reseller) => <span className="break-anywhere">{reseller.email}</span> },
          { header: "Commission", cell: (reseller) => reseller.commission },
          {
            header: "Status",
            cell: (reseller) => (reseller.active ? "Active" : <span className="badge badge-danger">Inactive</span>),
          },
          { header: "Seats on hold at most", cell: (reseller) => <HoldCaps reseller={reseller} /> },
          { header: "API keys", cell: (reseller) => <Keys reseller={reseller} /> },
          { header: "Actions", cell: (reseller) => <RowActions reseller={reseller} /> },
        ]}
      />

      <div className="card form-card dashboard-form">
        <h2 id="add-reseller-title">Add a reseller</h2>
        <FormErrors form={form} />
        <Form method="post" {...getFormProps(form)} aria-labelledby="add-reseller-title">
          <input type="hidden" name="intent" value="create" />
          <Field label="Name" meta={fields.name} inputProps={{ autoComplete: "organization" }} />
          <Field label="Contact email" meta={fields.email} type="email" />
          <Field
            label="Commission (%)"
            meta={fields.commissionPercent}
            type="number"
            description="0 to 100, up to 2 decimals: the reseller pays the retail price less this share."
            inputProps={{ step: 0.01, min: 0, max: 100, inputMode: "decimal" }}
          />
          <SelectField label="Active" meta={fields.active}>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </SelectField>
          <SubmitButton pending={pending} pendingLabel="Saving">
            Add reseller
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}
