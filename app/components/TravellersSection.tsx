// The "Travellers" section of a booking page (/dashboard/orders/{id}): each traveller's name,
// category, date of birth and ID number (whole: only the booking's owner and admins see this page),
// and, until the cutoff before departure (admins: always), a plain form to complete or correct them.
// Errors stand beside the exact traveller's field, and what was typed stays in the fields.
import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { detailsToFollow } from "~/booking";
import { SubmitButton } from "~/components/form-fields";
import { useIsPending } from "~/components/form-hooks";
import { useFormat } from "~/components/format";
import { useHydrated } from "~/components/hooks";
import { useT } from "~/components/language-context";
import type { Translator } from "~/platform/i18n";

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

function ageHint({ t }: Translator, { minAge, maxAge }: TravellerView["ageRange"]): string | null {
  if (minAge !== null && maxAge !== null)
    return minAge === maxAge
      ? t("dashboard.travellers.agedExactly", { age: minAge })
      : t("dashboard.travellers.agedBetween", { min: minAge, max: maxAge });
  if (minAge !== null) return t("dashboard.travellers.agedOrOlder", { age: minAge });
  if (maxAge !== null) return t("dashboard.travellers.agedOrYounger", { age: maxAge });
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
  const translator = useT();
  const { t, text } = translator;
  const f = useFormat();
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!result) return;
    answer.current?.scrollIntoView({ block: "center" });
    answer.current?.focus({ preventScroll: true });
  }, [result]);
  // With JavaScript no fragment: focus moves to the answer instead.
  const formAction = hydrated ? pathname : `${pathname}#${SECTION_ID}`;
  const cutoffText = cutoff ? t("dashboard.travellers.dhakaTime", { time: f.dateTime(cutoff) }) : null;
  const invalid = result?.travellers === "invalid" ? result : null;
  const toFollow = detailsToFollow(travellers, idRequired);
  const missing =
    toFollow.names > 0 && toFollow.idNumbers > 0
      ? t("dashboard.travellers.namesAndIdsToFollow", { names: toFollow.names, ids: toFollow.idNumbers })
      : toFollow.names > 0
        ? t("dashboard.travellers.namesToFollow", { names: toFollow.names })
        : toFollow.idNumbers > 0
          ? t("dashboard.travellers.idsToFollow", { ids: toFollow.idNumbers })
          : null;
  const valueOf = (index: number, traveller: TravellerView): TravellerValues =>
    invalid?.values[index] ?? {
      name: traveller.name ?? "",
      dateOfBirth: traveller.dateOfBirth ?? "",
      idNumber: traveller.idNumber ?? "",
    };

  return (
    <section id={SECTION_ID} aria-labelledby="travellers-title" className="receipt-section travellers-section">
      <h2 id="travellers-title">{t("dashboard.order.travellers")}</h2>
      {missing && !ended ? (
        <p className="alert alert-info travellers-missing" role="status">
          {cutoffText ? t("dashboard.travellers.addBefore", { missing, time: cutoffText }) : `${missing}.`}
        </p>
      ) : null}
      <div ref={answer} tabIndex={-1} className="travellers-answer">
        {result?.travellers === "saved" ? (
          <p className="alert alert-success" role="status">
            {text(result.message)}
          </p>
        ) : result ? (
          <div className="alert alert-error" role="alert">
            <p>{text(result.message)}</p>
            {invalid ? (
              <ul>
                {Object.entries(invalid.errors).map(([path, message]) => (
                  <li key={path}>
                    <a href={`#${idOfPath(path)}`}>{text(message)}</a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      {travellers.length === 0 ? (
        <p>{t("dashboard.travellers.none")}</p>
      ) : canEdit ? (
        <>
          <p className="hint no-print">
            {isAdmin
              ? cutoffText
                ? t("dashboard.travellers.adminUntil", { time: cutoffText })
                : t("dashboard.travellers.adminAnyTime")
              : cutoffText
                ? t("dashboard.travellers.youUntil", { time: cutoffText })
                : t("dashboard.travellers.youAnyTime")}{" "}
            {t("dashboard.travellers.fixed")}
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
                const hint = ageHint(translator, traveller.ageRange);
                return (
                  <li key={traveller.id} className="card traveller-card">
                    <fieldset>
                      <legend>
                        {t("dashboard.travellers.traveller", { number: index + 1, category: traveller.category })}
                        {hint ? <span className="hint"> ({hint})</span> : null}
                      </legend>
                      <input type="hidden" name={fieldName(index, "_id")} value={traveller.id} />
                      <TravellerInput
                        index={index}
                        field="name"
                        label={t("dashboard.travellers.fullName")}
                        value={values.name}
                        error={invalid?.errors[fieldName(index, "name")]}
                        inputProps={{ autoComplete: "off", maxLength: 80 }}
                      />
                      <TravellerInput
                        index={index}
                        field="dateOfBirth"
                        label={hint ? t("dashboard.travellers.dateOfBirth") : t("dashboard.travellers.dateOfBirthOptional")}
                        value={values.dateOfBirth}
                        error={invalid?.errors[fieldName(index, "dateOfBirth")]}
                        inputProps={{ type: "date" }}
                      />
                      <TravellerInput
                        index={index}
                        field="idNumber"
                        label={idRequired ? t("dashboard.travellers.idNumber") : t("dashboard.travellers.idNumberOptional")}
                        description={traveller.idErased ? t("dashboard.travellers.erased") : t("dashboard.travellers.idHint")}
                        value={values.idNumber}
                        error={invalid?.errors[fieldName(index, "idNumber")]}
                        inputProps={{ autoComplete: "off", spellCheck: false, maxLength: 40 }}
                      />
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            <SubmitButton pending={pending} pendingLabel={t("dashboard.form.saving")}>
              {t("dashboard.travellers.save")}
            </SubmitButton>
          </Form>
        </>
      ) : (
        <>
          {ended ? (
            <p className="travellers-closed">{t("dashboard.travellers.ended", { status: text(ended).toLowerCase() })}</p>
          ) : cutoffText ? (
            <p className="travellers-closed">{t("dashboard.travellers.closedUntil", { time: cutoffText })}</p>
          ) : null}
          <ol className="plain-list travellers-list">
            {travellers.map((traveller, index) => (
              <li key={traveller.id} className="card traveller-card">
                <h3>{t("dashboard.travellers.traveller", { number: index + 1, category: traveller.category })}</h3>
                <dl className="facts">
                  <dt>{t("dashboard.profile.name")}</dt>
                  <dd>{traveller.name ?? t("dashboard.travellers.toFollowOne")}</dd>
                  <dt>{t("dashboard.travellers.dateOfBirth")}</dt>
                  <dd>{traveller.dateOfBirth ? f.calendarDate(traveller.dateOfBirth) : t("dashboard.travellers.notGiven")}</dd>
                  <dt>{t("dashboard.travellers.idNumber")}</dt>
                  <dd>
                    {traveller.idNumber ??
                      (traveller.idErased ? t("dashboard.travellers.erasedShort") : t("dashboard.travellers.notGiven"))}
                  </dd>
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
