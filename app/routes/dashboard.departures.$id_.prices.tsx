// /dashboard/departures/{id}/prices (administrators): the departure's price per category (issue 42
// items 1 and 4): its own prices (a blank one is the package's), or a percent up or down on all the
// package's prices, or back to the package's; plain forms that work without JavaScript; below,
// every change with who made it, from and to. Bookings already made keep their prices. The API's
// twins are PATCH /api/departures/{id} { prices | percent } and POST /api/services/{id}/departures/prices.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/accounts/index.server";
import { departureCategories, departurePriceForms, type DeparturePriceIntent } from "~/booking";
import { changeDeparturePrices, DepartureError, departurePricesOf } from "~/booking/index.server";
import { DataTable } from "~/components/DataTable";
import { SubmitButton } from "~/components/form-fields";
import { useIsPending } from "~/components/form-hooks";
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";
import { translatorFrom } from "~/http/page-meta";
import { formatCalendarDate, isoDate } from "~/platform/dates";
import { parseForm } from "~/platform/forms";

async function pricesPage(request: Request, id: string) {
  const admin = await requireAdmin(request);
  const found = await departurePricesOf(id);
  if (!found) throw new Response("No such departure.", { status: 404 });
  return { admin, ...found };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { departure, tourPackage, changes } = await pricesPage(request, params.id ?? "");
  const own = departureCategories(tourPackage.priceCategories, departure);
  return {
    departure: {
      id: departure.id,
      date: isoDate(departure.startDate),
      title: tourPackage.title,
      cancelled: departure.status === "CANCELLED",
      percent: departure.pricePercent,
      ownPrices: departure.prices,
    },
    categories: tourPackage.priceCategories.map((category, index) => ({
      id: category.id,
      name: category.name,
      packagePrice: category.price,
      price: own[index].price,
    })),
    changes: changes.map((change) => ({ ...change, at: change.at.toISOString() })),
  };
}

const INTENTS = Object.keys(departurePriceForms) as DeparturePriceIntent[];
const isIntent = (value: unknown): value is DeparturePriceIntent => INTENTS.includes(value as DeparturePriceIntent);

export async function action({ request, params }: ActionFunctionArgs) {
  const { admin, departure } = await pricesPage(request, params.id ?? "");
  const form = await request.formData();
  const intent = form.get("intent");
  if (!isIntent(intent)) return data({ intent: null, error: "Unknown action.", saved: false }, { status: 400 });
  const submission = parseForm(form, departurePriceForms[intent]);
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {}).flat();
    return data({ intent, error: errors[0] ?? "Please check the form.", saved: false }, { status: 400 });
  }
  const value = submission.value as Record<string, unknown>;
  const change =
    intent === "prices"
      ? {
          prices: (value.prices as { category: string; price?: number }[]).flatMap(({ category, price }) =>
            price === undefined ? [] : [{ category, price }],
          ),
        }
      : intent === "percent"
        ? { percent: (value.percent as number | undefined) ?? null }
        : { prices: null };
  try {
    await changeDeparturePrices(departure.id, change, admin.id);
    return { intent, error: null, saved: true };
  } catch (error) {
    if (!(error instanceof DepartureError)) throw error;
    return data({ intent, error: error.message, saved: false }, { status: error.code === "not-found" ? 404 : 400 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const { t, language } = translatorFrom(matches);
  return [
    {
      title: `${loaded ? t("prices.title", { trip: loaded.departure.title, date: formatCalendarDate(loaded.departure.date, language) }) : t("prices.open")} — Tour Booking`,
    },
  ];
};

export default function DeparturePricesPage() {
  const { departure, categories, changes } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useT();
  const format = useFormat();
  const pending = useIsPending();
  const dollars = (price: number) => format.dollars(Math.round(price * 100));
  const table = (prices: Record<string, number>) =>
    categories
      .filter((category) => category.id in prices)
      .map((category) => `${category.name} ${dollars(prices[category.id])}`)
      .join(", ");
  const feedback = (intent: DeparturePriceIntent) =>
    answer && answer.intent === intent ? (
      answer.saved ? (
        <p className="form-success" role="status">
          {t("prices.saved")}
        </p>
      ) : (
        <p className="form-error" role="alert">
          {answer.error}
        </p>
      )
    ) : null;
  return (
    <section aria-labelledby="prices-title" className="departure-prices-page">
      <p>
        <Link to={`/dashboard/departures/${departure.id}`}>{t("prices.back")}</Link>
      </p>
      <h1 id="prices-title">{t("prices.title", { trip: departure.title, date: format.calendarDate(departure.date) })}</h1>
      <p>{t("prices.intro")}</p>
      {answer && !answer.intent ? (
        <p className="form-error" role="alert">
          {answer.error}
        </p>
      ) : null}
      <DataTable
        caption={t("prices.now")}
        rows={categories}
        rowKey={(row) => row.id}
        columns={[
          { header: t("prices.category"), cell: (row) => row.name },
          { header: t("prices.packagePrice"), cell: (row) => dollars(row.packagePrice) },
          { header: t("prices.departurePrice"), cell: (row) => <strong>{dollars(row.price)}</strong> },
        ]}
      />
      {departure.cancelled ? (
        <p role="status">{t("prices.cancelled")}</p>
      ) : (
        <>
          <div className="card form-card dashboard-form">
            <h2 id="own-prices-title">{t("prices.ownTitle")}</h2>
            <p className="hint">{t("prices.ownHint")}</p>
            {feedback("prices")}
            <Form method="post" aria-labelledby="own-prices-title" preventScrollReset>
              <input type="hidden" name="intent" value="prices" />
              {categories.map((category, index) => (
                <div className="field" key={category.id}>
                  <input type="hidden" name={`prices[${index}].category`} value={category.id} />
                  <label htmlFor={`price-${category.id}`}>{t("prices.priceOf", { category: category.name })}</label>
                  <input
                    id={`price-${category.id}`}
                    name={`prices[${index}].price`}
                    inputMode="numeric"
                    defaultValue={departure.ownPrices?.[category.id] ?? ""}
                    placeholder={String(category.packagePrice)}
                  />
                </div>
              ))}
              <SubmitButton pending={pending}>{t("prices.saveOwn")}</SubmitButton>
            </Form>
          </div>
          <div className="card form-card dashboard-form">
            <h2 id="percent-title">{t("prices.percentTitle")}</h2>
            {feedback("percent")}
            <Form method="post" aria-labelledby="percent-title" preventScrollReset>
              <input type="hidden" name="intent" value="percent" />
              <div className="field">
                <label htmlFor="price-percent">{t("prices.percent")}</label>
                <input
                  id="price-percent"
                  name="percent"
                  inputMode="numeric"
                  defaultValue={departure.percent ?? ""}
                  aria-describedby="price-percent-hint"
                />
                <p id="price-percent-hint" className="hint">
                  {t("prices.percentHint")}
                </p>
              </div>
              <SubmitButton pending={pending}>{t("prices.savePercent")}</SubmitButton>
            </Form>
          </div>
          {departure.ownPrices || departure.percent ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="reset" />
              {feedback("reset")}
              <SubmitButton pending={pending} className="button button-secondary">
                {t("prices.reset")}
              </SubmitButton>
            </Form>
          ) : null}
        </>
      )}
      <h2 id="changes-title">{t("prices.changesTitle")}</h2>
      {changes.length === 0 ? (
        <p>{t("prices.noChanges")}</p>
      ) : (
        <DataTable
          caption={t("prices.changesTitle")}
          rows={changes}
          rowKey={(row) => row.id}
          columns={[
            { header: t("prices.when"), cell: (row) => format.dateTime(row.at) },
            { header: t("prices.by"), cell: (row) => row.by ?? t("prices.deletedAccount") },
            { header: t("prices.from"), cell: (row) => table(row.from) },
            { header: t("prices.to"), cell: (row) => table(row.to) },
          ]}
        />
      )}
    </section>
  );
}
