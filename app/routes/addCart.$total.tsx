import { randomBytes } from "node:crypto";
import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { flashCookie, requireUser } from "~/accounts/index.server";
import { checkoutPath, checkoutSchema, DISTRICTS, isPackageType, MAX_QUANTITY, MIN_QUANTITY } from "~/booking";
import { departureToBook, OrderError, placeOrder, quote } from "~/booking/index.server";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { Field, FormErrors, SelectField, SubmitButton } from "~/components/forms";
import { PackageImage } from "~/components/PackageImage";
import { placementErrorStatus } from "~/http/error-status";
import { formPageHeaders, retryAfter } from "~/http/retry-after";
import { clientAddress } from "~/platform/client-address.server";
import { formatCalendarDate } from "~/platform/dates";
import { parseForm } from "~/platform/forms";
import { isPlausibleId } from "~/platform/ids";
import { dollarsValue, formatDollars } from "~/platform/money";
import { take } from "~/platform/rate-limit.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const packageId = url.searchParams.get("service") ?? "";
  const quantity = Number(url.searchParams.get("quantity"));
  const type = url.searchParams.get("type");
  const validChoice =
    isPlausibleId(packageId) &&
    Number.isInteger(quantity) &&
    quantity >= MIN_QUANTITY &&
    quantity <= MAX_QUANTITY &&
    isPackageType(type);
  const priced = validChoice ? await quote(packageId, quantity) : null;
  if (!priced || !isPackageType(type)) {
    throw data(
      { message: "This order is not valid: please choose a package, the number of persons (1 to 20) and a package type." },
      { status: 400 },
    );
  }
  const departureId = url.searchParams.get("departure");
  let departure: Awaited<ReturnType<typeof departureToBook>>;
  try {
    departure = await departureToBook(packageId, departureId, quantity);
  } catch (error) {
    if (error instanceof OrderError) throw data({ message: error.message }, { status: placementErrorStatus(error) });
    throw error;
  }
  // The {total} in the path is only what the order page computed: the server's total wins.
  const total = dollarsValue(priced.totalCents);
  if (params.total !== total) throw redirect(checkoutPath(packageId, total, quantity, type, departure?.id));
  return {
    tourPackage: priced.tourPackage,
    quantity,
    type,
    departure,
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
    return data(submission.reply({ formErrors: [counted.refused.message] }), {
      status: 429,
      headers: retryAfter(counted.refused),
    });
  }
  try {
    await placeOrder(user.id, submission.value);
  } catch (error) {
    if (error instanceof OrderError) {
      return data(submission.reply({ formErrors: [error.message] }), { status: placementErrorStatus(error) });
    }
    throw error;
  }
  return redirect("/dashboard/myOrder", { headers: { "Set-Cookie": await flashCookie("order-placed") } });
}

// Keeps the Retry-After of a refused post.
export const headers = formPageHeaders;

export const meta: MetaFunction = () => [{ title: "Checkout — Tour Booking" }];

/** An order the checkout cannot take (no date, too many persons, a closed date): why, and the way back to change it. */
export function ErrorBoundary() {
  const error = useRouteError();
  const query = new URLSearchParams(useLocation().search);
  const message = isRouteErrorResponse(error) && error.status < 500 ? (error.data as { message?: string } | null)?.message : null;
  if (!message) throw error;
  const service = query.get("service") ?? "";
  const back = new URLSearchParams();
  for (const name of ["quantity", "type", "departure"]) if (query.get(name)) back.set(name, query.get(name)!);
  return (
    <section className="container page-section page-message" role="alert">
      <h1>This order cannot be placed</h1>
      <p>{message}</p>
      {isPlausibleId(service) ? (
        <Link to={`/order/${service}?${back}`}>Change the order</Link>
      ) : (
        <Link to="/services">See the packages</Link>
      )}
    </section>
  );
}

export default function CheckoutPage() {
  const order = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useAppForm(checkoutSchema, { lastResult, defaultValue: { email: order.email } });

  return (
    <div className="container page-section checkout-layout">
      <section className="card form-card" aria-labelledby="billing-title">
        <h1 id="billing-title">Billing details</h1>
        <FormErrors form={form} />
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="service" value={order.tourPackage.id} />
          <input type="hidden" name="quantity" value={order.quantity} />
          <input type="hidden" name="type" value={order.type} />
          {order.departure ? <input type="hidden" name="departure" value={order.departure.id} /> : null}
          <input type="hidden" name="formKey" value={order.formKey} />
          <div className="field-row">
            <Field label="First name" meta={fields.firstName} inputProps={{ autoComplete: "given-name" }} />
            <Field label="Last name" meta={fields.lastName} inputProps={{ autoComplete: "family-name" }} />
          </div>
          <p className="field-static">
            <span>Country</span> <strong>Bangladesh</strong>
          </p>
          <Field
            label="Street address"
            meta={fields.streetAddress}
            inputProps={{ autoComplete: "address-line1", placeholder: "House number and street name" }}
          />
          <Field label="Apartment, suite, unit (optional)" meta={fields.City} inputProps={{ autoComplete: "address-line2" }} />
          <Field label="Town / City" meta={fields.townName} inputProps={{ autoComplete: "address-level2" }} />
          <SelectField label="District" meta={fields.district}>
            <option value="">Select a district</option>
            {DISTRICTS.map((district) => (
              <option key={district} value={district}>
                {district}
              </option>
            ))}
          </SelectField>
          <Field
            label="Postcode (optional)"
            meta={fields.Postcode}
            inputProps={{ autoComplete: "postal-code", inputMode: "numeric" }}
          />
          <Field
            label="Mobile number"
            meta={fields.mobileNumber}
            type="tel"
            inputProps={{ autoComplete: "tel", placeholder: "01712345678" }}
          />
          <Field label="Email address" meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />
          <SubmitButton pending={pending} pendingLabel="Placing your order" className="button button-accent">
            Place order
          </SubmitButton>
        </Form>
      </section>
      <aside className="card form-card order-summary" aria-labelledby="summary-title">
        <h2 id="summary-title">Your order</h2>
        <PackageImage
          src={order.tourPackage.image}
          alt=""
          name={order.tourPackage.title}
          width={640}
          height={420}
          sizes="(max-width: 800px) 100vw, 400px"
        />
        <p>
          <strong>{order.tourPackage.title}</strong>
        </p>
        {order.departure ? (
          <p>
            Date: <strong>{formatCalendarDate(order.departure.date)}</strong>
          </p>
        ) : null}
        <p>
          {order.quantity} {order.quantity === 1 ? "person" : "persons"} × {formatDollars(order.tourPackage.costCents)},{" "}
          {order.type} package
        </p>
        <p className="order-total">
          Price: <strong>{formatDollars(order.totalCents)}</strong>
        </p>
        <Link
          to={`/order/${order.tourPackage.id}?${new URLSearchParams({ quantity: String(order.quantity), type: order.type, ...(order.departure ? { departure: order.departure.id } : {}) })}`}
        >
          Change the order
        </Link>
      </aside>
    </div>
  );
}
