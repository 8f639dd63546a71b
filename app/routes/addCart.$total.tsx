import { randomBytes } from "node:crypto";
import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data, redirect } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useRef } from "react";
import { flashCookie, requireUser } from "~/accounts/index.server";
import {
  checkoutPath,
  checkoutSchema,
  DISTRICTS,
  isPackageType,
  MAX_QUANTITY,
  MIN_QUANTITY,
  orderPlanTerms,
  otherCounts,
  specContact,
} from "~/booking";
import {
  departureToBook,
  findLastBillingContact,
  BookingError,
  ownersCutoff,
  placeBooking,
  quote,
  tryPromoCode,
} from "~/booking/index.server";
import type { PriceCategory } from "~/catalogue";
import { Field, FormErrors, SelectField, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";
import { PackageImage } from "~/components/PackageImage";
import { placementErrorStatus } from "~/http/error-status";
import { translatorFrom } from "~/http/page-meta";
import { formPageHeaders, retryAfter } from "~/http/retry-after";
import { clientAddress } from "~/platform/client-address.server";
import { agencyToday, isoDate } from "~/platform/dates";
import { parseForm } from "~/platform/forms";
import { type MessageKey, placeName } from "~/platform/i18n";
import { isPlausibleId } from "~/platform/ids";
import { dollarsValue } from "~/platform/money";
import { take } from "~/platform/rate-limit.server";

/** The checkout's counts from its address: the first category's is `quantity`, another's `count.<id>` (whole numbers). */
function countsOf(query: URLSearchParams, quantity: number) {
  return (categories: readonly PriceCategory[]) => {
    const counts: Record<string, number> = { [categories[0].id]: quantity };
    for (const [name, value] of query) {
      if (!name.startsWith("count.")) continue;
      counts[name.slice("count.".length)] = /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN;
    }
    return counts;
  };
}

/** One block per person, in the order of the categories: what the form asks of each. */
function travellerSlots(categories: readonly PriceCategory[], counts: Readonly<Record<string, number>>, idRequired: boolean) {
  return categories.flatMap((category) =>
    Array.from({ length: counts[category.id] ?? 0 }, () => ({
      category: category.id,
      categoryName: category.name,
      ages: ageRangeText(category),
      idRequired,
    })),
  );
}

function ageRangeText({ minAge, maxAge }: PriceCategory): string | null {
  if (minAge !== null && maxAge !== null) return `aged ${minAge} to ${maxAge} on the travel date`;
  if (minAge !== null) return `aged ${minAge} or older on the travel date`;
  if (maxAge !== null) return `aged ${maxAge} or younger on the travel date`;
  return null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return checkoutOrder({ request, params, context }, new URL(request.url).searchParams.get("promo") ?? "");
}

/**
 * The checkout of the order in the page's address, with the promo code typed (?promo=CODE, or the
 * Apply button's post): the discount it would give, or exactly why not; placing the order checks it again.
 */
async function checkoutOrder({ request, params, context }: LoaderFunctionArgs, promoTyped: string) {
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
  const priced = validChoice
    ? await quote(packageId, countsOf(url.searchParams, quantity), url.searchParams.get("departure"))
    : null;
  if (!priced || !isPackageType(type)) {
    throw data(
      { message: "This order is not valid: please choose a package, the number of persons (1 to 20) and a package type." },
      { status: 400 },
    );
  }
  if (!priced.ok) throw data({ message: priced.message }, { status: 400 });
  const departureId = url.searchParams.get("departure");
  let departure: Awaited<ReturnType<typeof departureToBook>>;
  try {
    departure = await departureToBook(packageId, departureId, priced.seats, { userId: user.id });
  } catch (error) {
    if (error instanceof BookingError) throw data({ message: error.message }, { status: placementErrorStatus(error) });
    throw error;
  }
  const { priceCategories: categories, ...tourPackage } = priced.tourPackage;
  const others = otherCounts(categories, priced.counts);
  // The {total} in the path is only what the order page computed: the server's total wins.
  const total = dollarsValue(priced.totalCents);
  const promoText = promoTyped.trim().slice(0, 40);
  if (params.total !== total) {
    const path = checkoutPath(packageId, total, quantity, type, departure?.id, others);
    throw redirect(promoText ? `${path}&${new URLSearchParams({ promo: promoText })}` : path);
  }
  const checked = promoText
    ? await tryPromoCode(
        promoText,
        {
          userId: user.id,
          packageId,
          persons: priced.persons,
          travelDate: departure?.date ?? null,
          today: agencyToday(),
          totalCents: priced.totalCents,
        },
        clientAddress(request, context),
      )
    : null;
  const promo = checked
    ? checked.ok
      ? { text: promoText, code: checked.promo.code, discountCents: checked.discountCents, refusal: null }
      : { text: promoText, code: null, discountCents: 0, refusal: checked.message }
    : null;
  // The plan the order would get, by the same rule as placing it (app/booking/placing/booking-placement.server.ts): deposit now, balance by its day.
  const terms = orderPlanTerms(
    priced.tourPackage,
    {
      priceCents: priced.totalCents - (promo?.discountCents ?? 0),
      travellers: priced.persons,
      travelDate: departure ? isoDate(departure.date) : null,
    },
    agencyToday(),
  );
  return {
    tourPackage,
    quantity,
    others,
    plan:
      terms.depositCents !== null && terms.balanceDueDate
        ? { depositCents: terms.depositCents, balanceDueDate: isoDate(terms.balanceDueDate) }
        : null,
    lines: priced.lines.map((line) => ({
      name: line.category.name,
      count: line.count,
      priceCents: Math.round(line.category.price * 100),
    })),
    travellers: travellerSlots(categories, priced.counts, tourPackage.idRequired),
    // Names and ID numbers may follow until then (the order page takes them).
    cutoff: departure ? (ownersCutoff(isoDate(departure.date))?.toISOString() ?? null) : null,
    type,
    departure,
    totalCents: priced.totalCents,
    promo,
    email: user.email,
    // A returning customer starts from their last booking's contact (the form's names are the spec's fields).
    contact: await lastContact(user.id),
    formKey: randomBytes(16).toString("base64url"),
  };
}

/** What the checkout's buttons post as `intent`: none (Place order) or Apply's, for the promo code. */
const INTENTS = ["place-order", "apply-promo"];

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  const intent = formData.get("intent") ?? "place-order";
  const submission = parseForm(formData, checkoutSchema);
  if (typeof intent !== "string" || !INTENTS.includes(intent)) {
    return data(submission.reply({ formErrors: ["Unknown action."] }), { status: 400 });
  }
  if (intent === "apply-promo") {
    // Without JavaScript the page comes back with everything typed (the reply's values) and the
    // code's discount or refusal; the fields are not checked yet, nothing is placed.
    const promo = formData.get("promo");
    const order = await checkoutOrder({ request, params, context }, typeof promo === "string" ? promo : "");
    return { ...submission.reply(), status: undefined, error: undefined, order };
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const counted = await take("order", { account: user.id, address: clientAddress(request, context) });
  if (counted.refused) {
    return data(submission.reply({ formErrors: [counted.refused.message] }), {
      status: 429,
      headers: retryAfter(counted.refused),
    });
  }
  const input = submission.value;
  // The first traveller's name left blank: the billing contact travels.
  const travellers = input.travellers?.map((traveller, index) =>
    index === 0 && !traveller.name?.trim() ? { ...traveller, name: `${input.firstName} ${input.lastName}` } : traveller,
  );
  try {
    await placeBooking(user.id, { ...input, travellers });
  } catch (error) {
    if (error instanceof BookingError) {
      // A traveller's error on that traveller's field; the booking as a whole above the form.
      const onFields = error.fields.filter((field) => field.path.startsWith("travellers[") || field.path === "promoCode");
      const fieldErrors = Object.fromEntries(onFields.map((field) => [field.path, [field.message]]));
      const formErrors =
        onFields.length === 0
          ? [error.message]
          : onFields[0].path === "promoCode"
            ? ["Please check the promo code."]
            : ["Please check the travellers' details below."];
      return data(submission.reply({ formErrors, fieldErrors }), { status: placementErrorStatus(error) });
    }
    throw error;
  }
  return redirect("/dashboard/myOrder", { headers: { "Set-Cookie": await flashCookie("order-placed") } });
}

// Keeps the Retry-After of a refused post.
export const headers = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => [{ title: translatorFrom(matches).t("checkout.meta") }];

/** An order the checkout cannot take (no date, too many persons, a closed date): why, and the way back to change it. */
export function ErrorBoundary() {
  const error = useRouteError();
  const query = new URLSearchParams(useLocation().search);
  const message = isRouteErrorResponse(error) && error.status < 500 ? (error.data as { message?: string } | null)?.message : null;
  const { t, text } = useT();
  if (!message) throw error;
  const service = query.get("service") ?? "";
  const back = new URLSearchParams();
  for (const name of ["quantity", "type", "departure"]) if (query.get(name)) back.set(name, query.get(name)!);
  return (
    <section className="container page-section page-message" role="alert">
      <h1>{t("checkout.cannot")}</h1>
      <p>{text(message)}</p>
      {isPlausibleId(service) ? (
        <Link to={`/order/${service}?${back}`}>{t("checkout.change")}</Link>
      ) : (
        <Link to="/services">{t("checkout.seePackages")}</Link>
      )}
    </section>
  );
}

async function lastContact(userId: string) {
  const last = await findLastBillingContact(userId);
  return last ? specContact(last) : {};
}

/**
 * The promo code box, above the billing fields but part of the checkout's form (`form=`): Apply
 * posts everything typed with intent=apply-promo, unchecked, and the page comes back with it all
 * and the discount or exactly why the code is refused. Placing the order checks the code again.
 */
function PromoCodeBox({
  formId,
  promo,
  placementError,
}: {
  formId: string;
  promo: ReturnType<typeof useLoaderData<typeof loader>>["promo"];
  placementError: string | null;
}) {
  const { t, text } = useT();
  const format = useFormat();
  const error = placementError ?? promo?.refusal ?? null;
  const apply = useRef<HTMLButtonElement>(null);
  return (
    <div className="promo-code-form" role="group" aria-label={t("checkout.promo.label")}>
      {/* The form's default button (first of its buttons in the document): Enter in a billing field
          places the order, as it did before Apply joined the form, instead of applying the code. */}
      <button type="submit" form={formId} hidden tabIndex={-1} aria-hidden="true" />
      <div className="field">
        <label htmlFor="promo">{t("checkout.promo.field")}</label>
        <div className="inline-field">
          <input
            id="promo"
            name="promo"
            form={formId}
            defaultValue={promo?.text ?? ""}
            key={promo?.text ?? ""}
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby="promo-message"
            // Enter in the code itself applies it (with JavaScript; without, it places the order,
            // which checks the code again).
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              apply.current?.click();
            }}
          />
          <button
            ref={apply}
            type="submit"
            form={formId}
            name="intent"
            value="apply-promo"
            formNoValidate
            className="button button-secondary"
          >
            {t("checkout.promo.apply")}
          </button>
        </div>
        {error ? (
          <p id="promo-message" className="field-error" role="alert">
            {text(error)}
          </p>
        ) : (
          <p id="promo-message" className="hint" role="status">
            {promo?.code ? t("checkout.promo.applied", { code: promo.code, amount: format.dollars(promo.discountCents) }) : ""}
          </p>
        )}
      </div>
    </div>
  );
}

export default function CheckoutPage() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // After Apply, the checkout with the code as the action computed it (the address has no ?promo=).
  const order = lastResult && "order" in lastResult ? lastResult.order : loaded;
  const navigation = useNavigation();
  const pending = useIsPending() && navigation.formData?.get("intent") !== "apply-promo";
  const [form, fields] = useAppForm(checkoutSchema, {
    lastResult,
    defaultValue: {
      ...order.contact,
      email: order.email,
      travellers: order.travellers.map(({ category }) => ({ category })),
    },
  });
  const travellerFields = fields.travellers.getFieldList();
  const contactName = `${fields.firstName.value ?? ""} ${fields.lastName.value ?? ""}`.trim();
  // The form posts to the page's address with the code shown (Apply posts, so the address may not
  // carry it): an order refused for a field comes back with the code still applied.
  const location = useLocation();
  const postQuery = new URLSearchParams(location.search);
  if (order.promo?.text) postQuery.set("promo", order.promo.text);
  const changeQuery = new URLSearchParams({
    quantity: String(order.quantity),
    type: order.type,
    ...(order.departure ? { departure: order.departure.id } : {}),
    ...Object.fromEntries(order.others),
  });
  const onlyDefault = order.lines.length === 1 && order.others.length === 0;
  const discountCents = order.promo?.discountCents ?? 0;
  const translator = useT();
  const { t } = translator;
  const format = useFormat();
  const formatDollars = format.dollars;
  const typeName = t(`trip.type.${order.type}` as MessageKey);

  return (
    <div className="container page-section checkout-layout">
      <section className="card form-card" aria-labelledby="billing-title">
        <h1 id="billing-title">{t("checkout.title")}</h1>
        <FormErrors form={form} />
        <PromoCodeBox formId={form.id} promo={order.promo} placementError={fields.promoCode.errors?.[0] ?? null} />
        <Form method="post" action={`${location.pathname}?${postQuery}`} {...getFormProps(form)}>
          <input type="hidden" name="service" value={order.tourPackage.id} />
          <input type="hidden" name="quantity" value={order.quantity} />
          <input type="hidden" name="type" value={order.type} />
          {order.departure ? <input type="hidden" name="departure" value={order.departure.id} /> : null}
          <input type="hidden" name="formKey" value={order.formKey} />
          {order.promo?.code ? <input type="hidden" name="promoCode" value={order.promo.code} /> : null}
          <div className="field-row">
            <Field label={t("checkout.firstName")} meta={fields.firstName} inputProps={{ autoComplete: "given-name" }} />
            <Field label={t("checkout.lastName")} meta={fields.lastName} inputProps={{ autoComplete: "family-name" }} />
          </div>
          <p className="field-static">
            <span>{t("checkout.country")}</span> <strong>{t("checkout.bangladesh")}</strong>
          </p>
          <Field
            label={t("checkout.street")}
            meta={fields.streetAddress}
            inputProps={{ autoComplete: "address-line1", placeholder: t("checkout.streetPlaceholder") }}
          />
          <Field label={t("checkout.apartment")} meta={fields.City} inputProps={{ autoComplete: "address-line2" }} />
          <Field label={t("checkout.town")} meta={fields.townName} inputProps={{ autoComplete: "address-level2" }} />
          <SelectField label={t("checkout.district")} meta={fields.district}>
            <option value="">{t("checkout.selectDistrict")}</option>
            {DISTRICTS.map((district) => (
              <option key={district} value={district}>
                {placeName(translator, district)}
              </option>
            ))}
          </SelectField>
          <Field
            label={t("checkout.postcode")}
            meta={fields.Postcode}
            inputProps={{ autoComplete: "postal-code", inputMode: "numeric" }}
          />
          <Field
            label={t("checkout.mobile")}
            meta={fields.mobileNumber}
            type="tel"
            inputProps={{ autoComplete: "tel", placeholder: t("checkout.mobilePlaceholder") }}
          />
          <Field label={t("checkout.email")} meta={fields.email} type="email" inputProps={{ autoComplete: "email" }} />

          <h2 className="travellers-title">{t("checkout.travellers")}</h2>
          <p className="hint">
            {t("checkout.travellersHint", {
              persons: order.travellers.length === 1 ? "one" : "other",
              ages: order.travellers.some((slot) => slot.ages) ? "yes" : "no",
              id: order.tourPackage.idRequired ? "yes" : "no",
            })}{" "}
            {/* The specification's checkout asks billing details only: the rest may follow. */}
            {t("checkout.followLater", { cutoff: order.cutoff ? format.dateTime(order.cutoff) : "none" })}
          </p>
          {order.travellers.map((slot, index) => {
            const traveller = travellerFields[index]?.getFieldset();
            if (!traveller) return null;
            return (
              <fieldset key={index} className="traveller-fields">
                <legend>
                  {t("checkout.traveller", { index: index + 1, category: slot.categoryName })}
                  {slot.ages ? <span className="hint"> ({slot.ages})</span> : null}
                </legend>
                <input type="hidden" name={traveller.category.name} value={slot.category} />
                <Field
                  label={t("checkout.fullName")}
                  meta={traveller.name}
                  description={index === 0 ? t("checkout.fullNameHint") : undefined}
                  inputProps={{
                    autoComplete: index === 0 ? "name" : "off",
                    placeholder: index === 0 ? contactName || undefined : undefined,
                  }}
                />
                {slot.ages ? (
                  <Field
                    label={t("checkout.dateOfBirth")}
                    meta={traveller.dateOfBirth}
                    type="date"
                    inputProps={{ autoComplete: "off" }}
                  />
                ) : null}
                {slot.idRequired ? (
                  <Field
                    label={t("checkout.idNumber")}
                    meta={traveller.idNumber}
                    description={t("checkout.idNumberHint")}
                    inputProps={{ autoComplete: "off", spellCheck: false }}
                  />
                ) : null}
              </fieldset>
            );
          })}
          {/* The sum before the button that commits to it: on a phone the column beside comes after the form. */}
          <section className="order-totals" aria-labelledby="totals-title">
            <h2 id="totals-title">{t("checkout.total")}</h2>
            {onlyDefault ? (
              <p>
                {t("checkout.persons", {
                  count: order.quantity,
                  cost: formatDollars(order.tourPackage.costCents),
                  type: typeName,
                })}
              </p>
            ) : (
              <>
                <ul className="price-lines">
                  {order.lines.map((line) => (
                    <li key={line.name}>
                      {t("checkout.line", { count: line.count, name: line.name, price: formatDollars(line.priceCents) })}
                    </li>
                  ))}
                </ul>
                <p>{t("checkout.typePackage", { type: typeName })}</p>
              </>
            )}
            {discountCents > 0 ? (
              <p className="order-discount">
                {t("checkout.promoLine", { code: order.promo?.code })} <strong>−{formatDollars(discountCents)}</strong>
              </p>
            ) : null}
            <p className="order-total">
              {t("checkout.price")} <strong>{formatDollars(order.totalCents - discountCents)}</strong>
            </p>
            {order.plan ? (
              <p className="payment-plan">
                {t("checkout.plan", {
                  deposit: formatDollars(order.plan.depositCents),
                  balance: formatDollars(order.totalCents - discountCents - order.plan.depositCents),
                  date: format.calendarDate(order.plan.balanceDueDate),
                })}
              </p>
            ) : null}
          </section>
          <SubmitButton pending={pending} pendingLabel={t("checkout.placing")} className="button button-accent">
            {t("checkout.place")}
          </SubmitButton>
        </Form>
      </section>
      <aside className="card form-card order-summary" aria-labelledby="summary-title">
        <h2 id="summary-title">{t("checkout.yourOrder")}</h2>
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
            {t("checkout.date")} <strong>{format.calendarDate(order.departure.date)}</strong>
          </p>
        ) : null}
        <Link to={`/order/${order.tourPackage.id}?${changeQuery}`}>{t("checkout.change")}</Link>
      </aside>
    </div>
  );
}
