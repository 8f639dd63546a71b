// The agency's settings (administrators): a shell of sections, each with its own forms. Each form
// posts a hidden `section` field; the action hands the form to that section's handler. A capability
// adds a section by adding: its data to the loader, its handler to ACTIONS, and its component
// (app/components/settings/) to the page. Every form is a plain POST: the page works without JavaScript.
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin, type SessionUser } from "~/accounts/index.server";
import { useT } from "~/components/language-context";
import {
  EXCHANGE_RATE_SECTION,
  ExchangeRateSection,
  type ExchangeRateSectionData,
  type ExchangeRateView,
} from "~/components/settings/ExchangeRateSection";
import { SECTION_FIELD } from "~/components/settings/SettingsSection";
import { translatorFrom } from "~/http/page-meta";
import { exchangeRateInputSchema } from "~/payments";
import {
  currentExchangeRate,
  exchangeRateIsStale,
  exchangeRateMaxAgeDays,
  listExchangeRates,
  setExchangeRate,
  type ExchangeRateEntry,
} from "~/payments/index.server";
import { parseForm } from "~/platform/forms";

const view = (rate: ExchangeRateEntry): ExchangeRateView => ({
  bdtPerUsd: rate.bdtPerUsd,
  setAt: rate.setAt.toISOString(),
  setBy: rate.setBy ? (rate.setBy.displayName ?? rate.setBy.email) : null,
});

async function exchangeRateData(): Promise<ExchangeRateSectionData> {
  const [current, history] = await Promise.all([currentExchangeRate(), listExchangeRates()]);
  return {
    current: current ? view(current) : null,
    unusable: !current ? "none" : exchangeRateIsStale(current) ? "stale" : null,
    maxAgeDays: exchangeRateMaxAgeDays(),
    history: history.map((rate) => ({ id: rate.id, ...view(rate) })),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { exchangeRate: await exchangeRateData() };
}

type SectionAnswer = { section: string; result: ReturnType<ReturnType<typeof parseForm>["reply"]> | null; saved: number | null };

/** Each section's form handler, by its id: the answer its component reads, and the status. */
const ACTIONS: Record<string, (formData: FormData, admin: SessionUser) => Promise<[SectionAnswer, number]>> = {
  [EXCHANGE_RATE_SECTION]: async (formData, admin) => {
    const submission = parseForm(formData, exchangeRateInputSchema);
    if (submission.status !== "success")
      return [{ section: EXCHANGE_RATE_SECTION, result: submission.reply(), saved: null }, 400];
    const rate = await setExchangeRate(submission.value.bdtPerUsd, admin.id);
    return [{ section: EXCHANGE_RATE_SECTION, result: submission.reply({ resetForm: true }), saved: rate.bdtPerUsd }, 200];
  },
};

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const handler = ACTIONS[String(formData.get(SECTION_FIELD))];
  if (!handler) throw new Response("Unknown settings section.", { status: 400 });
  const [answer, status] = await handler(formData, admin);
  return data(answer, { status });
}

export const meta: MetaFunction = ({ matches }) => [{ title: translatorFrom(matches).t("settings.meta.title") }];

export default function SettingsPage() {
  const { exchangeRate } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useT();
  const mine = (section: string) => (answer?.section === section ? answer : null);
  return (
    <section className="dashboard-page settings-page">
      <h1>{t("settings.title")}</h1>
      <nav aria-label={t("settings.sections")}>
        <ul className="settings-sections">
          <li>
            <a href={`#${EXCHANGE_RATE_SECTION}`}>{t("settings.rate.heading")}</a>
          </li>
        </ul>
      </nav>
      <ExchangeRateSection
        data={exchangeRate}
        lastResult={mine(EXCHANGE_RATE_SECTION)?.result ?? null}
        saved={mine(EXCHANGE_RATE_SECTION)?.saved ?? null}
      />
    </section>
  );
}
