// The "Travellers" section of a booking page (/dashboard/orders/{id}): each traveller's name,
// category, date of birth and ID number (whole: only the booking's owner and admins see this page),
// and, until the cutoff before departure (admins: always), a plain form to complete or correct them.
// Errors stand beside the exact traveller's field, and what was typed stays in the fields.
import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { detailsToFollow, detailsToFollowText } from "~/booking";
import { SubmitButton } from "~/components/form-fields";
import { useIsPending } from "~/components/form-hooks";
import { useHydrated } from "~/components/hooks";
import { formatCalendarDate, formatDateTime } from "~/platform/dates";

interface TravellerView {
  id: string;
  category: string;
  ageRange: { minAge: number | null; maxAge: number | null };
  name: string | null;
  dateOfBirth: string | null;
  idNumber: string | null;
  idErased: boolean;
}

interface TravellerValues {
  name: string;
  dateOfBirth: string;
  idNumber: string;
}

/** What the page's action answered to the travellers' form. */
export type TravellersResult =
  | { travellers: "saved"; message: string; savedAt: string }
  | { travellers: "refused"; message: string }
  | { travellers: "invalid"; message: string; values: TravellerValues[]; errors: Record<string, string> };

/** The section's id: without JavaScript the form posts to #travellers, so the answer opens there. */
const SECTION_ID = "travellers";

type TravellerField = "name" | "dateOfBirth" | "idNumber";

const fieldName = (index: number, field: TravellerField | "_id") => `travellers[${index}].${field}`;
const fieldId = (index: number, field: TravellerField) => `traveller-${index}-${field}`;

function ageHint({ minAge, maxAge }: TravellerView["ageRange"]): string | null {
  if (minAge !== null && maxAge !== null)
    return `aged ${minAge === maxAge ? minAge : `${minAge} to ${maxAge}`} on the travel date`;
  if (minAge !== null) return `aged ${minAge} or older on the travel date`;
  if (maxAge !== null) return `aged ${maxAge} or younger on the travel date`;
  return null;
}

export function TravellersSection({
  travellers,
  canEdit,
  ended,
  cutoff,
  idRequired,
  isAdmin,
  result,
}: {
  travellers: TravellerView[];
  canEdit: boolean;
  /** "Cancelled" or "Expired": nobody travels on the booking, its travellers stay as recorded */
  ended: string | null;
  /** until when the owner may change them (ISO), null for a booking without a date */
  cutoff: string | null;
  idRequired: boolean;
  isAdmin: boolean;
  result: TravellersResult | undefined;
}) {
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  const pending = useIsPending();
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!result) return;
    answer.current?.scrollIntoView({ block: "center" });
    answer.current?.focus({ preventScroll: true });
  }, [result]);
  // With JavaScript no fragment: focus moves to the answer instead.
  const formAction = hydrated ? pathname : `${pathname}#${SECTION_ID}`;
  const cutoffText = cutoff ? `${formatDateTime(cutoff)} (Dhaka time)` : null;
  const invalid = result?.travellers === "invalid" ? result : null;
  const missing = detailsToFollowText(detailsToFollow(travellers, idRequired));
  const valueOf = (index: number, traveller: TravellerView): TravellerValues =>
    invalid?.values[index] ?? {
      name: traveller.name ?? "",
      dateOfBirth: traveller.dateOfBirth ?? "",
      idNumber: traveller.idNumber ?? "",
    };

  return (
    <section id={SECTION_ID} aria-labelledby="travellers-title" className="receipt-section travellers-section">
      <h2 id="travellers-title">Travellers</h2>
      {missing && !ended ? (
        <p className="alert alert-info travellers-missing" role="status">
          {missing}
          {cutoffText ? `: please add them before ${cutoffText}.` : "."}
        </p>
      ) : null}
      <div ref={answer} tabIndex={-1} className="travellers-answer">
        {result?.travellers === "saved" ? (
          <p className="alert alert-success" role="status">
            {result.message}
          </p>
        ) : result ? (
          <div className="alert alert-error" role="alert">
            <p>{result.message}</p>
            {invalid ? (
              <ul>
                {Object.entries(invalid.errors).map(([path, message]) => (
                  <li key={path}>
                    <a href={`#${idOfPath(path)}`}>{message}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      {travellers.length === 0 ? (
        <p>No travellers are recorded for this booking.</p>
      ) : canEdit ? (
        <>
          <p className="hint no-print">
            {isAdmin
              ? cutoffText
                ? `Customers can change them until ${cutoffText}; administrators at any time.`
                : "Customers and administrators can change them at any time."
              : cutoffText
                ? `You can complete or correct them until ${cutoffText}.`
                : "You can complete or correct them at any time."}{" "}
            Their number and categories cannot change.
          </p>
          {/* Remounted once saved: the fields then show what was stored (an ID number as normalised). */}
          <Form
            key={result?.travellers === "saved" ? result.savedAt : "form"}
            method="post"
            action={formAction}
            className="travellers-form"
            noValidate
          >
            <input type="hidden" name="intent" value="travellers" />
            <ol className="plain-list travellers-list">
              {travellers.map((traveller, index) => {
                const values = valueOf(index, traveller);
                const hint = ageHint(traveller.ageRange);
                return (
                  <li key={traveller.id} className="card traveller-card">
                    <fieldset>
                      <legend>
                        Traveller {index + 1}: {traveller.category}
                        {hint ? <span className="hint"> ({hint})</span> : null}
                      </legend>
                      <input type="hidden" name={fieldName(index, "_id")} value={traveller.id} />
                      <TravellerInput
                        index={index}
                        field="name"
                        label="Full name"
                        value={values.name}
                        error={invalid?.errors[fieldName(index, "name")]}
                        inputProps={{ autoComplete: "off", maxLength: 80 }}
                      />
                      <TravellerInput
                        index={index}
                        field="dateOfBirth"
                        label={hint ? "Date of birth" : "Date of birth (optional)"}
                        value={values.dateOfBirth}
                        error={invalid?.errors[fieldName(index, "dateOfBirth")]}
                        inputProps={{ type: "date" }}
                      />
                      <TravellerInput
                        index={index}
                        field="idNumber"
                        label={idRequired ? "ID number" : "ID number (optional)"}
                        description={
                          traveller.idErased ? "Erased after the trip." : "NID, birth registration or passport number."
                        }
                        value={values.idNumber}
                        error={invalid?.errors[fieldName(index, "idNumber")]}
                        inputProps={{ autoComplete: "off", spellCheck: false, maxLength: 40 }}
                      />
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            <SubmitButton pending={pending} pendingLabel="Saving">
              Save travellers
            </SubmitButton>
          </Form>
        </>
      ) : (
        <>
          {ended ? (
            <p className="travellers-closed">This booking is {ended.toLowerCase()}: its travellers can no longer be changed.</p>
          ) : cutoffText ? (
            <p className="travellers-closed">Travellers can be changed until {cutoffText}; please contact us.</p>
          ) : null}
          <ol className="plain-list travellers-list">
            {travellers.map((traveller, index) => (
              <li key={traveller.id} className="card traveller-card">
                <h3>
                  Traveller {index + 1}: {traveller.category}
                </h3>
                <dl className="facts">
                  <dt>Name</dt>
                  <dd>{traveller.name ?? "To follow"}</dd>
                  <dt>Date of birth</dt>
                  <dd>{traveller.dateOfBirth ? formatCalendarDate(traveller.dateOfBirth) : "Not given"}</dd>
                  <dt>ID number</dt>
                  <dd>{traveller.idNumber ?? (traveller.idErased ? "Erased after the trip" : "Not given")}</dd>
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** travellers[2].dateOfBirth → the id of its control (traveller-2-dateOfBirth); others → the section. */
function idOfPath(path: string): string {
  const match = /^travellers\[(\d+)\]\.(name|dateOfBirth|idNumber)$/.exec(path);
  return match ? fieldId(Number(match[1]), match[2] as TravellerField) : SECTION_ID;
}

function TravellerInput({
  index,
  field,
  label,
  description,
  value,
  error,
  inputProps,
}: {
  index: number;
  field: TravellerField;
  label: string;
  description?: string;
  value: string;
  error: string | undefined;
  inputProps?: React.InputHTMLAttributes<HTMLInputElement>;
}) {
  const id = fieldId(index, field);
  const describedBy = [description ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={fieldName(index, field)}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {description ? (
        <p id={`${id}-hint`} className="hint">
          {description}
        </p>
      ) : null}
      <p id={`${id}-error`} className="field-error">
        {error}
      </p>
    </div>
  );
}
