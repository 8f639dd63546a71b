import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import {
  addCartReadiness,
  checkoutPath,
  clampQuantity,
  isPackageType,
  MAX_QUANTITY,
  maxPersons,
  MIN_QUANTITY,
  orderPlanTerms,
  PACKAGE_TYPES,
  type PackageTypeValue,
  countField,
  departureCategories,
  hasOwnPrices,
  otherCounts,
  priceTable,
  priceBooking,
  readCategoryCounts,
  readOrderChoice,
  seatsLeft,
} from "~/booking";
import { departuresOf } from "~/booking/index.server";
import { readItinerary, touristTrip } from "~/catalogue";
import { findPackage, packageReviews } from "~/catalogue/index.server";
import { DeparturePicker } from "~/components/DeparturePicker";
import { useFormat } from "~/components/format";
import { useHydrated } from "~/components/hooks";
import { useT } from "~/components/language-context";
import { TripDetails, TripFacts, TripRatingSummary } from "~/components/TripDetails";
import { TripGallery } from "~/components/TripGallery";
import { publicPageHeaders } from "~/http/http-cache";
import { translatorFrom } from "~/http/page-meta";
import { jsonLd, shareMeta, snippet } from "~/http/seo";
import { agencyToday, isoDate } from "~/platform/dates";
import { env } from "~/platform/env.server";
import type { MessageKey } from "~/platform/i18n";
import { dollarsValue } from "~/platform/money";
import { publicUrl } from "~/platform/public-url.server";

export const headers = publicPageHeaders;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const found = await findPackage(params.id);
  if (!found) throw new Response("Not Found", { status: 404 });
  const reviews = await packageReviews(found.id);
  const tourPackage = { ...found, itinerary: readItinerary(found.itinerary) };
  const images = [tourPackage.image, ...tourPackage.gallery];
  // Without JavaScript the choices arrive as a GET form submission; Add-Cart's adds add=1.
  const query = new URL(request.url).searchParams;
  const choice = readOrderChoice(query);
  // Absolute URLs for search engines and link previews; the canonical one has no order choices.
  const url = publicUrl(`/order/${tourPackage.id}`);
  const description = snippet(tourPackage.description);
  const share = {
    title: tourPackage.title,
    description,
    url,
    image: publicUrl(tourPackage.image),
    type: "product" as const,
  };
  const structuredData = touristTrip({
    name: tourPackage.title,
    description,
    url,
    images: images.map((image) => publicUrl(image)),
    price: dollarsValue(tourPackage.costCents),
    destination: tourPackage.destination,
    itinerary: tourPackage.itinerary,
    rating: reviews,
  });
  // A departure at its own prices carries them (whole dollars per category); the others cost the package's.
  const departures = (await departuresOf(tourPackage.id)).map((departure) => ({
    id: departure.id,
    date: isoDate(departure.startDate),
    seatsLeft: seatsLeft(departure),
    prices: hasOwnPrices(departure) ? priceTable(tourPackage.priceCategories, departure) : null,
  }));
  // How many of each price category (the first is the spec's quantity): the minus and plus buttons
  // of a page without JavaScript come back as `step`.
  const counts = readCategoryCounts(query, tourPackage.priceCategories);
  const adding = query.has("add");
  if (adding) {
    // Add-Cart without JavaScript: straight to the checkout, priced here, when nothing is missing.
    const chosen = departures.find((departure) => departure.id === choice.departure);
    const priced = priceBooking(pricedOn(tourPackage.priceCategories, chosen), counts);
    const { departure, hint } = addCartReadiness({ ...choice, quantity: priced.ok ? priced.seats : 0 }, departures);
    if (priced.ok && !hint && choice.packageType) {
      const total = dollarsValue(Math.round(priced.total * 100));
      const quantity = counts[tourPackage.priceCategories[0].id];
      const others = otherCounts(tourPackage.priceCategories, counts);
      throw redirect(checkoutPath(tourPackage.id, total, quantity, choice.packageType, departure?.id, others));
    }
  }
  // The agency's day, for the deposit offer (the plan takes none once the balance would be due already).
  const today = agencyToday();
  // How long freed seats are held for a party on a date's waitlist (the join form says it).
  const offerHours = env().WAITLIST_OFFER_HOURS;
  return {
    tourPackage,
    images,
    choice: { ...choice, counts },
    adding,
    reviews,
    share,
    structuredData,
    departures,
    today,
    offerHours,
  };
}

/** The package's categories at the chosen departure's prices. */
function pricedOn<C extends { id: string; price: number }>(
  categories: readonly C[],
  departure: { prices: Record<string, number> | null } | undefined,
): C[] {
  return departureCategories(categories, departure?.prices ? { prices: departure.prices, pricePercent: null } : null);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (data) return [...shareMeta(data.share), jsonLd(data.structuredData)];
  const { t } = translatorFrom(matches);
  return [{ title: t("trip.notFound") }, { name: "description", content: t("trip.notFoundDescription") }];
};

const TYPE_NAMES: Record<(typeof PACKAGE_TYPES)[number], MessageKey> = {
  city: "trip.type.city",
  couple: "trip.type.couple",
  adventure: "trip.type.adventure",
  vacation: "trip.type.vacation",
  group: "trip.type.group",
};

export default function OrderPage() {
  const { tourPackage, images, choice, adding, reviews, departures, today, offerHours } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const { t, text } = useT();
  const format = useFormat();
  const formatDollars = format.dollars;
  const [quantity, setQuantity] = useState(choice.quantity);
  // What is in the persons field while typing: it may be empty or out of range until it loses focus.
  const [quantityText, setQuantityText] = useState(String(choice.quantity));
  const [quantityNote, setQuantityNote] = useState<string | null>(null);
  const changeQuantity = (next: number) => {
    setQuantity(next);
    setQuantityText(String(next));
    setQuantityNote(null);
  };
  const [packageType, setPackageType] = useState<PackageTypeValue | null>(choice.packageType);
  const [departureId, setDepartureId] = useState(choice.departure);
  const categories = pricedOn(
    tourPackage.priceCategories,
    departures.find((option) => option.id === departureId),
  );
  const [first, ...others] = categories;
  // The other categories' counts (Child, Infant…); the first is the spec's quantity above.
  const [otherCountsState, setOtherCounts] = useState<Record<string, number>>(() =>
    Object.fromEntries(others.map((category) => [category.id, choice.counts[category.id] ?? 0])),
  );
  const counts = { ...otherCountsState, [first.id]: quantity };
  const priced = priceBooking(categories, counts);
  // Only the travellers who take a seat count against the seats left (an infant on a lap does not).
  const seats = categories.reduce((sum, category) => sum + (category.takesSeat ? (counts[category.id] ?? 0) : 0), 0);
  const total = priced.ok
    ? Math.round(priced.total * 100)
    : categories.reduce((sum, category) => sum + (counts[category.id] ?? 0) * Math.round(category.price * 100), 0);
  // Too many persons for the date: said at once, and Add-Cart waits (the checkout checks it again).
  const readiness = addCartReadiness({ quantity: seats, packageType, departure: departureId }, departures);
  const { departure, seatsProblem } = readiness;
  const travellersProblem = priced.ok ? null : priced.message;
  const hint = travellersProblem ? "Change the travellers to continue." : readiness.hint;
  const seatsFor = departure ? maxPersons(departure.seatsLeft) : MAX_QUANTITY;
  // The first category's plus waits when the seats are all chosen (others' seats count too).
  const maxQuantity = Math.min(first.max, MAX_QUANTITY, seatsFor - (seats - (first.takesSeat ? quantity : 0)));
  const changeCount = (id: string, next: number) => setOtherCounts((current) => ({ ...current, [id]: next }));
  // The deposit the checkout would offer for this choice and date, by the same rule as placing the order.
  const deposit =
    priced.ok && departure
      ? orderPlanTerms(tourPackage, { priceCents: total, travellers: priced.persons, travelDate: departure.date }, today)
      : null;

  return (
    <article className="container page-section">
      <div className="order-page">
        <TripGallery title={tourPackage.title} images={images} />
        <div className="order-details">
          <h1>{tourPackage.title}</h1>
          <p className="cost">{t("trip.costPerPerson", { cost: formatDollars(tourPackage.costCents) })}</p>
          <TripRatingSummary reviews={reviews} />
          <TripFacts tourPackage={tourPackage} />
          <p>{tourPackage.description}</p>

          <Form
            method="get"
            id="order-options"
            className="order-options"
            aria-label={t("trip.options")}
            preventScrollReset
            replace
          >
            {departures.length > 0 ? (
              <DeparturePicker
                departures={departures}
                value={departureId}
                onChange={setDepartureId}
                firstCategory={tourPackage.priceCategories[0]}
              />
            ) : null}
            <fieldset>
              <legend>{t("trip.persons")}</legend>
              {others.length > 0 ? (
                <p className="category-name">
                  {first.name} <span className="category-price">{formatDollars(Math.round(first.price * 100))}</span>
                </p>
              ) : null}
              <div className="quantity-control">
                <button
                  type="submit"
                  name="step"
                  value="-1"
                  className="icon-button"
                  aria-label={t("trip.personLess")}
                  disabled={quantity <= MIN_QUANTITY}
                  onClick={(event) => {
                    event.preventDefault();
                    changeQuantity(Math.max(MIN_QUANTITY, quantity - 1));
                  }}
                >
                  −
                </button>
                <input
                  type="number"
                  name="quantity"
                  aria-label={t("trip.persons")}
                  min={MIN_QUANTITY}
                  max={MAX_QUANTITY}
                  value={quantityText}
                  aria-describedby="quantity-note seats-problem"
                  aria-invalid={seatsProblem ? true : undefined}
                  onChange={(event) => {
                    setQuantityText(event.target.value);
                    setQuantityNote(null);
                    const next = Number(event.target.value);
                    if (Number.isInteger(next) && next >= MIN_QUANTITY && next <= MAX_QUANTITY) setQuantity(next);
                  }}
                  onBlur={() => {
                    const typed = Number(quantityText);
                    if (quantityText !== "" && Number.isInteger(typed) && typed >= MIN_QUANTITY && typed <= MAX_QUANTITY) return;
                    const next = clampQuantity(quantityText);
                    changeQuantity(next);
                    setQuantityNote(`Persons must be between ${MIN_QUANTITY} and ${MAX_QUANTITY}; set to ${next}.`);
                  }}
                />
                <button
                  type="submit"
                  name="step"
                  value="1"
                  className="icon-button"
                  aria-label={t("trip.personMore")}
                  disabled={quantity >= maxQuantity}
                  onClick={(event) => {
                    event.preventDefault();
                    changeQuantity(Math.min(maxQuantity, quantity + 1));
                  }}
                >
                  +
                </button>
              </div>
              {others.map((category) => {
                const count = otherCountsState[category.id] ?? 0;
                const seatLimit = category.takesSeat ? count + seatsFor - seats : category.max;
                const max = Math.max(0, Math.min(category.max, seatLimit));
                const labelId = `category-${category.id}`;
                return (
                  <div key={category.id} className="category-count">
                    <p id={labelId} className="category-name">
                      {category.name} <span className="category-price">{formatDollars(Math.round(category.price * 100))}</span>
                      {category.takesSeat ? null : <span className="hint">{t("trip.onLap")}</span>}
                    </p>
                    <div className="quantity-control">
                      <button
                        type="submit"
                        name="step"
                        value={`${category.id}:-1`}
                        className="icon-button"
                        aria-label={t("trip.categoryLess", { name: category.name })}
                        disabled={count <= 0}
                        onClick={(event) => {
                          event.preventDefault();
                          changeCount(category.id, Math.max(0, count - 1));
                        }}
                      >
                        −
                      </button>
                      <input
                        type="number"
                        name={countField(categories, categories.indexOf(category))}
                        aria-label={t("trip.categoryCount", { name: category.name })}
                        aria-describedby={`${labelId} travellers-problem`}
                        min={0}
                        max={category.max}
                        value={count}
                        onChange={(event) => {
                          const next = Number(event.target.value);
                          if (Number.isInteger(next) && next >= 0 && next <= category.max) changeCount(category.id, next);
                        }}
                      />
                      <button
                        type="submit"
                        name="step"
                        value={`${category.id}:1`}
                        className="icon-button"
                        aria-label={t("trip.categoryMore", { name: category.name })}
                        disabled={count >= max}
                        onClick={(event) => {
                          event.preventDefault();
                          changeCount(category.id, Math.min(max, count + 1));
                        }}
                      >
                        +
                      </button>
                    </div>
                  </div>
                );
              })}
              <p id="quantity-note" className="quantity-note" role="status">
                {text(quantityNote)}
              </p>
              <p id="seats-problem" className="field-error" role="alert">
                {text(seatsProblem)}
              </p>
              {/* Without JavaScript the counts are known once submitted: before that, no stale refusal. */}
              <p id="travellers-problem" className="field-error" role="alert">
                {hydrated || adding ? text(travellersProblem) : null}
              </p>
            </fieldset>
            <label htmlFor="package-type">{t("trip.packageType")}</label>
            <select
              id="package-type"
              name="type"
              value={packageType ?? "Choose"}
              onChange={(event) => setPackageType(isPackageType(event.target.value) ? event.target.value : null)}
            >
              <option value="Choose">{t("trip.choose")}</option>
              {PACKAGE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(TYPE_NAMES[type])}
                </option>
              ))}
            </select>
          </Form>

          {/* A refused Add-Cart without JavaScript reloads the page here (#add-cart), its hint in view. */}
          <div id="add-cart" className="add-cart">
            <p className="order-total" aria-live="polite">
              {t("trip.total")} <strong>{formatDollars(total)}</strong>
              {deposit?.depositCents && deposit.balanceDueDate ? (
                <span className="deposit-offer">
                  {" "}
                  {t("trip.deposit", {
                    deposit: formatDollars(deposit.depositCents),
                    date: format.calendarDate(deposit.balanceDueDate),
                  })}
                </span>
              ) : null}
            </p>
            {!hydrated ? (
              // Without JavaScript: a submit of the options form; the loader checks it and goes to the checkout.
              <button
                type="submit"
                form="order-options"
                formAction={`/order/${tourPackage.id}#add-cart`}
                name="add"
                value="1"
                className="button button-accent"
                aria-describedby={hint && adding ? "choose-hint" : undefined}
              >
                {t("trip.addCart")}
              </button>
            ) : packageType && !hint ? (
              <Link
                to={checkoutPath(
                  tourPackage.id,
                  dollarsValue(total),
                  quantity,
                  packageType,
                  departure?.id,
                  otherCounts(categories, counts),
                )}
                className="button button-accent"
              >
                {t("trip.addCart")}
              </Link>
            ) : (
              <button type="button" className="button button-accent" disabled aria-describedby="choose-hint">
                {t("trip.addCart")}
              </button>
            )}
            {/* Without JavaScript the choices are known once submitted: before that, no stale hint. */}
            {hint && (hydrated || adding) ? (
              <p id="choose-hint" className="hint">
                {text(hint)}
              </p>
            ) : null}
          </div>
        </div>
      </div>
      <WaitlistJoin
        dates={departures.filter((date) => date.seatsLeft <= 0 || (date.id === departure?.id && seatsProblem !== null))}
        chosen={seatsProblem ? (departure?.id ?? null) : null}
        categories={categories}
        counts={counts}
        packageType={packageType}
        offerHours={offerHours}
      />
      <TripDetails tourPackage={tourPackage} reviews={reviews} />
    </article>
  );
}

/**
 * The waitlist of the dates with too few seats for the chosen travellers (sold-out ones, which the
 * picker does not let anyone choose, and the chosen date when it has too few): a plain form posting
 * the party, one `category` per traveller, to /dashboard/waitlist (sign-in first).
 */
function WaitlistJoin({
  dates,
  chosen,
  categories,
  counts,
  packageType,
  offerHours,
}: {
  dates: { id: string; date: string }[];
  chosen: string | null;
  categories: readonly { id: string }[];
  counts: Record<string, number>;
  packageType: string | null;
  offerHours: number;
}) {
  const { t } = useT();
  const format = useFormat();
  if (dates.length === 0) return null;
  return (
    <Form method="post" action="/dashboard/waitlist" className="card waitlist-join" aria-labelledby="waitlist-join-title">
      <h2 id="waitlist-join-title">{t("waitlist.join.title")}</h2>
      <p>{t("waitlist.join.intro", { hours: offerHours })}</p>
      {dates.length === 1 ? (
        <input type="hidden" name="departure" value={dates[0].id} />
      ) : (
        <>
          <label htmlFor="waitlist-date">{t("trip.date")}</label>
          <select id="waitlist-date" name="departure" defaultValue={chosen ?? dates[0].id} key={chosen ?? ""}>
            {dates.map((date) => (
              <option key={date.id} value={date.id}>
                {format.calendarDate(date.date)}
              </option>
            ))}
          </select>
        </>
      )}
      {packageType ? <input type="hidden" name="type" value={packageType} /> : null}
      {categories.flatMap((category) =>
        Array.from({ length: counts[category.id] ?? 0 }, (_, index) => (
          <input key={`${category.id}-${index}`} type="hidden" name="category" value={category.id} />
        )),
      )}
      <button type="submit" className="button">
        {t("waitlist.join.button")}
      </button>
    </Form>
  );
}
