// The search form of /services: a GET form, so that every search is a URL (bookmarkable, working
// without JavaScript); with JavaScript a changed choice submits at once. Not the Conform form kit:
// nothing is posted, the loader reads and checks the parameters (app/catalogue/search.ts).
import { Form, Link, useSubmit } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import type { ParameterName, QueryErrors } from "~/catalogue";
import { CATALOGUE_SORTS, DURATION_CHOICES } from "~/catalogue/search-choices";
import { useT } from "~/components/language-context";
import { type MessageKey, placeName } from "~/platform/i18n";
import { DESTINATIONS } from "~/platform/places";

type Values = Partial<Record<ParameterName, string>>;

const SORT_LABELS: Record<(typeof CATALOGUE_SORTS)[number], MessageKey> = {
  newest: "services.sort.newest",
  "price-asc": "services.sort.priceAsc",
  "price-desc": "services.sort.priceDesc",
  departure: "services.sort.departure",
  rating: "services.sort.rating",
};

const DURATION_LABELS: Record<(typeof DURATION_CHOICES)[number]["value"], MessageKey> = {
  "1-3": "services.duration.short",
  "4-7": "services.duration.medium",
  "8+": "services.duration.long",
};

function SearchField({
  name,
  label,
  errors,
  children,
}: {
  name: ParameterName;
  label: string;
  errors: QueryErrors;
  children: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = `search-${name}`;
  const { text } = useT();
  const error = text(errors[name]?.[0]);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, name, ...(error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {}) })}
      <p id={`${id}-error`} className="field-error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

export function CatalogueSearch({ values, errors }: { values: Values; errors: QueryErrors }) {
  const submit = useSubmit();
  const translator = useT();
  const { t } = translator;
  // A new key per search resets the uncontrolled fields to the URL's values (back/forward, clear);
  // the field a change was submitted from gets the focus back in the new form.
  const key = JSON.stringify(values);
  const changed = useRef<string | null>(null);
  useEffect(() => {
    if (changed.current) document.getElementById(changed.current)?.focus();
    changed.current = null;
  }, [key]);
  return (
    <Form
      key={key}
      method="get"
      className="card catalogue-search"
      role="search"
      aria-label={t("services.search.label")}
      onChange={(event) => {
        // Text is submitted with the button or Enter; choices at once.
        const field = event.target as HTMLInputElement | HTMLSelectElement;
        if (field.tagName === "SELECT" || field.type === "month") {
          changed.current = field.id;
          submit(event.currentTarget, { preventScrollReset: true });
        }
      }}
    >
      <div className="field-row">
        <SearchField name="q" label={t("services.search.q")} errors={errors}>
          {(props) => (
            <input
              {...props}
              type="search"
              defaultValue={values.q ?? ""}
              placeholder={t("services.search.qPlaceholder")}
              maxLength={100}
            />
          )}
        </SearchField>
        <SearchField name="destination" label={t("services.search.destination")} errors={errors}>
          {(props) => (
            <select {...props} defaultValue={values.destination ?? ""}>
              <option value="">{t("services.search.anyDestination")}</option>
              {DESTINATIONS.map((destination) => (
                <option key={destination} value={destination}>
                  {placeName(translator, destination)}
                </option>
              ))}
            </select>
          )}
        </SearchField>
        <SearchField name="days" label={t("services.search.days")} errors={errors}>
          {(props) => (
            <select {...props} defaultValue={values.days ?? ""}>
              <option value="">{t("services.search.anyLength")}</option>
              {DURATION_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {t(DURATION_LABELS[choice.value])}
                </option>
              ))}
              {values.days && !DURATION_CHOICES.some((choice) => choice.value === values.days) && !errors.days ? (
                <option value={values.days}>{t("services.search.nDays", { days: values.days })}</option>
              ) : null}
            </select>
          )}
        </SearchField>
        <SearchField name="month" label={t("services.search.month")} errors={errors}>
          {(props) => (
            <input {...props} type="month" defaultValue={values.month ?? ""} placeholder="YYYY-MM" pattern="\d{4}-\d{2}" />
          )}
        </SearchField>
        <SearchField name="minCost" label={t("services.search.minCost")} errors={errors}>
          {(props) => <input {...props} type="number" inputMode="numeric" min={0} step={1} defaultValue={values.minCost ?? ""} />}
        </SearchField>
        <SearchField name="maxCost" label={t("services.search.maxCost")} errors={errors}>
          {(props) => <input {...props} type="number" inputMode="numeric" min={0} step={1} defaultValue={values.maxCost ?? ""} />}
        </SearchField>
        <SearchField name="sort" label={t("services.search.sort")} errors={errors}>
          {(props) => (
            <select {...props} defaultValue={values.sort ?? "newest"}>
              {CATALOGUE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(SORT_LABELS[sort])}
                </option>
              ))}
            </select>
          )}
        </SearchField>
      </div>
      <div className="catalogue-actions">
        <button type="submit" className="button">
          {t("services.search.show")}
        </button>
        <Link to="/services">{t("services.search.clear")}</Link>
      </div>
    </Form>
  );
}
