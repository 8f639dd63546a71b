// The exchange rate's section of /dashboard/settings: the rate in force (with its date, and a
// warning when it is too old to charge taka), the form to set a new one, and its history.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DataTable } from "~/components/DataTable";
import { Field, FormErrors, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";
import { SectionField, SettingsSection } from "~/components/settings/SettingsSection";
import { exchangeRateInputSchema, formatRate, RATE_UNUSABLE_TEXT, rateFieldValue, takaConversion } from "~/payments";

export const EXCHANGE_RATE_SECTION = "exchange-rate";

export interface ExchangeRateView {
  bdtPerUsd: number;
  setAt: string;
  setBy: string | null;
}

export interface ExchangeRateSectionData {
  current: ExchangeRateView | null;
  /** why taka cannot be charged now (none set, or too old), or null */
  unusable: "none" | "stale" | null;
  maxAgeDays: number;
  history: (ExchangeRateView & { id: string })[];
}

const EXAMPLE_CENTS = 41_000;
const EXAMPLE_RATE = 122;

export function ExchangeRateSection({
  data,
  lastResult,
  saved,
}: {
  data: ExchangeRateSectionData;
  lastResult: SubmissionResult<string[]> | null;
  saved: number | null;
}) {
  const translator = useT();
  const { t, language } = translator;
  const f = useFormat();
  const pending = useIsPending();
  const [form, fields] = useAppForm(exchangeRateInputSchema, {
    lastResult,
    defaultValue: { bdtPerUsd: data.current ? rateFieldValue(data.current.bdtPerUsd) : "" },
  });
  // The schema's message names the API's field; the page says it in the reader's words. (Conform's
  // field metadata is read through getters: a proxy changes only its errors.)
  const invalid = t("settings.rate.invalid");
  const rateField = new Proxy(fields.bdtPerUsd, {
    get: (target, key, receiver) =>
      key === "errors" && target.errors?.length ? [invalid] : (Reflect.get(target, key, receiver) as unknown),
  });
  const who = (view: ExchangeRateView) => view.setBy ?? t("settings.rate.formerAdmin");
  return (
    <SettingsSection id={EXCHANGE_RATE_SECTION} title={t("settings.rate.heading")}>
      <p>{t("settings.rate.intro", { days: data.maxAgeDays })}</p>
      {data.current ? (
        <p data-testid="current-rate">
          {t("settings.rate.current", {
            rate: formatRate(data.current.bdtPerUsd, language),
            date: f.dateTime(data.current.setAt),
            name: who(data.current),
          })}
        </p>
      ) : null}
      {data.unusable ? (
        <p className="alert alert-error" role="alert">
          {t(RATE_UNUSABLE_TEXT[data.unusable].admin, { days: data.maxAgeDays })}
        </p>
      ) : null}
      {saved !== null && !pending ? (
        <p className="form-success" role="status">
          {t("settings.rate.saved", { rate: formatRate(saved, language) })}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="form-card settings-rate-form">
        <SectionField id={EXCHANGE_RATE_SECTION} />
        <FormErrors form={form} />
        <Field
          label={t("settings.rate.field")}
          meta={rateField}
          description={t("settings.rate.example", { example: takaConversion(EXAMPLE_CENTS, EXAMPLE_RATE, translator) })}
          inputProps={{ inputMode: "decimal", autoComplete: "off" }}
        />
        <SubmitButton pending={pending} pendingLabel={t("settings.rate.saving")}>
          {t("settings.rate.save")}
        </SubmitButton>
      </Form>
      <h3>{t("settings.rate.history")}</h3>
      <DataTable
        rows={data.history}
        rowKey={(row) => row.id}
        empty={t("settings.rate.historyEmpty")}
        columns={[
          { header: t("settings.rate.col.rate"), cell: (row) => formatRate(row.bdtPerUsd, language) },
          { header: t("settings.rate.col.setAt"), cell: (row) => <time dateTime={row.setAt}>{f.dateTime(row.setAt)}</time> },
          { header: t("settings.rate.col.setBy"), cell: (row) => who(row) },
        ]}
      />
    </SettingsSection>
  );
}
