import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { randomBytes } from "node:crypto";
import { checkoutSchema, DISTRICTS } from "~/domain/checkout";
import { constraintsOf } from "~/domain/fields";
import { FieldError } from "~/components/FieldError";
import { Spinner } from "~/components/Spinner";
import { parseForm } from "~/domain/forms";
import { isPlausibleId } from "~/domain/ids";
import { dollarsValue, formatDollars } from "~/domain/money";
import { isPackageType, MAX_QUANTITY, MIN_QUANTITY } from "~/domain/ordering";
import { OrderError, placeOrder, quote } from "~/domain/orders.server";
import { take } from "~/domain/rate-limit.server";
import { clientAddress } from "~/http/client-address.server";
import { formPageHeaders, retryAfter } from "~/http/retry-after";
import { flashCookie, requireUser } from "~/auth/session.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const packageId = url.searchParams.get("service") ?? "";
  const quantity = Number(url.searchParams.get("quantity"));
  const type = url.searchParams.get("type");
  const validChoice =
    isPlausibleId(packageId) && Number.isInteger(quantity) && quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY && isPackageType(type);
  const priced = validChoice ? await quote(packageId, quantity) : null;
  if (!priced || !isPackageType(type)) {
    throw data(
      { message: "This order is not valid: please choose a package, the number of persons (1 to 20) and a package type." },
      { status: 400 },
    );
  }
  // The {total} in the path is only what the order page computed: the server's total wins.
  const total = dollarsValue(priced.totalCents);
  if (params.total !== total) {
    throw redirect(`/addCart/${total}?${new URLSearchParams({ service: packageId, quantity: String(quantity), type })}`);
  }
  return {
    tourPackage: priced.tourPackage,
    quantity,
    type,
    totalCents: priced.totalCents,
    email: user.email,
    formKey: randomBytes(16).toString("base64url"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await request.formData(), checkoutSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const counted = await take("order", { account: user.id, address: clientAddress(request, context) });
  if (counted.refused) {
    return data(submission.reply({ formErrors: [counted.refused.message] }), { status: 429, headers: retryAfter(counted.refused) });
  }
  try {
    await placeOrder(user.id, submission.value);
  } catch (error) {
    if (error instanceof OrderError) return data(submission.reply({ formErrors: [error.message] }), { status: 400 });
    throw error;
  }
  return redirect("/dashboard/myOrder", { headers: { "Set-Cookie": await flashCookie("order-placed") } });
}

type TextFieldName = "firstName" | "lastName" | "streetAddress" | "City" | "townName" | "Postcode" | "mobileNumber" | "email";

// Keeps the Retry-After of a refused post.
export const headers = formPageHeaders;

export const meta: MetaFunction = () => [{ title: "Checkout — Tour Booking" }];

export default function CheckoutPage() {
  const order = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { email: order.email },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    constraint: constraintsOf(checkoutSchema),
    onValidate: ({ formData }) => parseForm(formData, checkoutSchema),
  });
  const textField = (name: TextFieldName, label: string, extra: Record<string, unknown> = {}) => {
    const field = fields[name];
    return (
      <div className="field">
        <label htmlFor={field.id}>{label}</label>
        <input {...getInputProps(field, { type: name === "email" ? "email" : name === "mobileNumber" ? "tel" : "text" })} {...extra} />
        <FieldError field={field} />
      </div>
    );
  };

  return (
    <div className="container page-section checkout-layout">
      <section className="card form-card" aria-labelledby="billing-title">
        <h1 id="billing-title">Billing details</h1>
        {form.errors?.length ? (
          <p className="alert alert-error" role="alert" id={form.errorId}>
            {form.errors[0]}
          </p>
        ) : null}
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="service" value={order.tourPackage.id} />
          <input type="hidden" name="quantity" value={order.quantity} />
          <input type="hidden" name="type" value={order.type} />
          <input type="hidden" name="formKey" value={order.formKey} />
          <div className="field-row">
            {textField("firstName", "First name", { autoComplete: "given-name" })}
            {textField("lastName", "Last name", { autoComplete: "family-name" })}
          </div>
          <p className="field-static">
            <span>Country</span> <strong>Bangladesh</strong>
          </p>
          {textField("streetAddress", "Street address", { autoComplete: "address-line1", placeholder: "House number and street name" })}
          {textField("City", "Apartment, suite, unit (optional)", { autoComplete: "address-line2" })}
          {textField("townName", "Town / City", { autoComplete: "address-level2" })}
          <div className="field">
            <label htmlFor={fields.district.id}>District</label>
            <select {...getSelectProps(fields.district)} defaultValue={fields.district.initialValue ?? ""}>
              <option value="">Select a district</option>
              {DISTRICTS.map((district, index) => (
                <option key={`${district}-${index}`} value={district}>
                  {district}
                </option>
              ))}
            </select>
            <FieldError field={fields.district} />
          </div>
          {textField("Postcode", "Postcode (optional)", { autoComplete: "postal-code", inputMode: "numeric" })}
          {textField("mobileNumber", "Mobile number", { autoComplete: "tel", placeholder: "01712345678" })}
          {textField("email", "Email address", { autoComplete: "email" })}
          <button type="submit" className="button button-accent" disabled={submitting}>
            {submitting ? <Spinner label="Placing your order" /> : null} Place order
          </button>
        </Form>
      </section>
      <aside className="card form-card order-summary" aria-labelledby="summary-title">
        <h2 id="summary-title">Your order</h2>
        <img src={order.tourPackage.image} alt="" width={640} height={420} />
        <p>
          <strong>{order.tourPackage.title}</strong>
        </p>
        <p>
          {order.quantity} {order.quantity === 1 ? "person" : "persons"} × {formatDollars(order.tourPackage.costCents)}, {order.type} package
        </p>
        <p className="order-total">
          Price: <strong>{formatDollars(order.totalCents)}</strong>
        </p>
        <Link to={`/order/${order.tourPackage.id}?quantity=${order.quantity}&type=${order.type}`}>Change the order</Link>
      </aside>
    </div>
  );
}
