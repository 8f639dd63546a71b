// The search form of /services: a GET form, so that every search is a URL (bookmarkable, working
// without JavaScript); with JavaScript a changed choice submits at once. Not the Conform form kit:
// nothing is posted, the loader reads and checks the parameters (app/catalogue/search.ts).
import { Form, Link, useSubmit } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import type { ParameterName, QueryErrors } from "~/catalogue";
import { CATALOGUE_SORTS, DURATION_CHOICES, SORT_LABELS } from "~/catalogue/search-choices";
import { DESTINATIONS } from "~/platform/places";

type Values = Partial<Record<ParameterName, string>>;

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
  const error = errors[name]?.[0];
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
      aria-label="Search the packages"
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
        <SearchField name="q" label="Search" errors={errors}>
          {(props) => (
            <input {...props} type="search" defaultValue={values.q ?? ""} placeholder="Title, place or word" maxLength={100} />
          )}
        </SearchField>
        <SearchField name="destination" label="Destination" errors={errors}>
          {(props) => (
            <select {...props} defaultValue={values.destination ?? ""}>
              <option value="">Any destination</option>
              {DESTINATIONS.map((destination) => (
                <option key={destination} value={destination}>
                  {destination}
                </option>
              ))}
            </select>
          )}
        </SearchField>
        <SearchField name="days" label="Duration" errors={errors}>
          {(props) => (
            <select {...props} defaultValue={values.days ?? ""}>
              <option value="">Any length</option>
              {DURATION_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
              {values.days && !DURATION_CHOICES.some((choice) => choice.value === values.days) && !errors.days ? (
                <option value={values.days}>{values.days} days</option>
              ) : null}
            </select>
          )}
        </SearchField>
        <SearchField name="month" label="Departs in" errors={errors}>
          {(props) => (
            <input {...props} type="month" defaultValue={values.month ?? ""} placeholder="YYYY-MM" pattern="\d{4}-\d{2}" />
          )}
        </SearchField>
        <SearchField name="minCost" label="Min price ($)" errors={errors}>
          {(props) => <input {...props} type="number" inputMode="numeric" min={0} step={1} defaultValue={values.minCost ?? ""} />}
        </SearchField>
        <SearchField name="maxCost" label="Max price ($)" errors={errors}>
          {(props) => <input {...props} type="number" inputMode="numeric" min={0} step={1} defaultValue={values.maxCost ?? ""} />}
        </SearchField>
        <SearchField name="sort" label="Sort by" errors={errors}>
          {(props) => (
            <select {...props} defaultValue={values.sort ?? "newest"}>
              {CATALOGUE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          )}
        </SearchField>
      </div>
      <div className="catalogue-actions">
        <button type="submit" className="button">
          Show packages
        </button>
        <Link to="/services">Clear filters</Link>
      </div>
    </Form>
  );
}
