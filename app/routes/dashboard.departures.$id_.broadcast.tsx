// /dashboard/departures/{id}/broadcast (administrators, and the departure's assigned guide): one
// message to the contact of every booking holding seats on the departure (issue 40 item 4), by the
// channels set up here, a plain form that works without JavaScript; below it every broadcast sent
// to the departure with each recipient's message and its status (queued, sent, delivered, read,
// failed with the provider's reason). The API's twin is POST /api/departures/{id}/broadcast.
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireStaff, type SessionUser } from "~/accounts/index.server";
import { BroadcastError, broadcastToDeparture, departureBroadcasts, departureToBroadcast } from "~/booking/index.server";
import { DataTable } from "~/components/DataTable";
import { FieldError, FormErrors, SubmitButton } from "~/components/form-fields";
import { useAppForm, useIsPending } from "~/components/form-hooks";
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";
import { translatorFrom } from "~/http/page-meta";
import { broadcastFormSchema, messageLogEntryJson } from "~/messages";
import { configuredChannels } from "~/messages/index.server";
import { formatCalendarDate, isoDate } from "~/platform/dates";
import { parseForm } from "~/platform/forms";
import type { MessageKey } from "~/platform/i18n";

async function departureOf(id: string, staff: SessionUser) {
  const found = await departureToBroadcast(id, staff);
  if ("refused" in found) throw new Response(found.refused.message, { status: found.refused.status });
  return found.departure;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const departure = await departureOf(params.id ?? "", await requireStaff(request));
  const broadcasts = await departureBroadcasts(departure.id);
  return {
    departure: { id: departure.id, title: departure.service.title, date: isoDate(departure.startDate) },
    channels: configuredChannels(),
    broadcasts: broadcasts.map((broadcast) => ({
      sent: broadcast.sent.toISOString(),
      text: broadcast.text,
      recipients: broadcast.recipients.map((recipient) => ({
        reference: recipient.reference,
        ...messageLogEntryJson({ ...recipient, kind: "broadcast" }),
      })),
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const departure = await departureOf(params.id ?? "", await requireStaff(request));
  const submission = parseForm(await request.formData(), broadcastFormSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), queued: null }, { status: 400 });
  try {
    const recipients = await broadcastToDeparture(departure, submission.value);
    return { result: submission.reply({ resetForm: true }), queued: recipients.length };
  } catch (error) {
    if (!(error instanceof BroadcastError)) throw error;
    // The API's text names the channels set up; the form offers only those (one was switched off since the page loaded).
    const result = submission.reply({ fieldErrors: { channels: ["Please choose only the channels offered."] } });
    return data({ result, queued: null }, { status: 400 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const { t, language } = translatorFrom(matches);
  return [
    {
      title: `${loaded ? t("broadcast.title", { trip: loaded.departure.title, date: formatCalendarDate(loaded.departure.date, language) }) : t("broadcast.open")} — Tour Booking`,
    },
  ];
};

export default function BroadcastPage() {
  const { departure, channels, broadcasts } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useT();
  const format = useFormat();
  const pending = useIsPending();
  const [form, fields] = useAppForm(broadcastFormSchema, { lastResult: answer?.result });
  const channelList = fields.channels;
  return (
    <section aria-labelledby="broadcast-title" className="broadcast-page">
      <p>
        <Link to={`/dashboard/departures/${departure.id}`}>{t("broadcast.back")}</Link>
      </p>
      <h1 id="broadcast-title">{t("broadcast.title", { trip: departure.title, date: format.calendarDate(departure.date) })}</h1>
      <p>{t("broadcast.intro")}</p>
      {answer?.queued !== null && answer?.queued !== undefined ? (
        <p className="form-success" role="status">
          {t("broadcast.done", { count: answer.queued })}
        </p>
      ) : null}
      <div className="card form-card dashboard-form">
        <FormErrors form={form} />
        <Form method="post" {...getFormProps(form)} aria-labelledby="broadcast-title">
          <div className="field">
            <label htmlFor={fields.text.id}>{t("broadcast.text")}</label>
            <textarea {...getTextareaProps(fields.text, { ariaDescribedBy: fields.text.descriptionId })} rows={5} />
            <p id={fields.text.descriptionId} className="hint">
              {t("broadcast.textHint")}
            </p>
            <FieldError meta={fields.text} />
          </div>
          <fieldset
            className="field"
            aria-invalid={channelList.errors ? true : undefined}
            aria-describedby={channelList.errors ? channelList.errorId : undefined}
          >
            <legend>{t("broadcast.channels")}</legend>
            {channels.map((channel) => (
              <div className="field-checkbox" key={channel}>
                <input
                  {...getInputProps(channelList, { type: "checkbox", value: channel })}
                  id={`${channelList.id}-${channel}`}
                  key={`${channel}-${form.key ?? ""}`}
                />
                <label htmlFor={`${channelList.id}-${channel}`}>{t(`broadcast.channel.${channel}` as MessageKey)}</label>
              </div>
            ))}
            <FieldError meta={channelList} />
          </fieldset>
          <div className="field field-checkbox">
            <input {...getInputProps(fields.urgent, { type: "checkbox" })} />
            <label htmlFor={fields.urgent.id}>{t("broadcast.urgent")}</label>
            <FieldError meta={fields.urgent} />
          </div>
          <SubmitButton pending={pending} pendingLabel={t("broadcast.sending")}>
            {t("broadcast.send")}
          </SubmitButton>
        </Form>
      </div>
      <h2 id="broadcasts-title">{t("broadcast.sentTitle")}</h2>
      {broadcasts.length === 0 ? <p>{t("broadcast.none")}</p> : null}
      {broadcasts.map((broadcast) => (
        <article
          key={broadcast.sent}
          className="broadcast-sent"
          aria-label={t("broadcast.sentAt", { time: format.dateTime(broadcast.sent) })}
        >
          <h3>{t("broadcast.sentAt", { time: format.dateTime(broadcast.sent) })}</h3>
          <blockquote>{broadcast.text}</blockquote>
          <DataTable
            rows={broadcast.recipients}
            rowKey={(row) => `${row.reference}-${row.channel}`}
            columns={[
              { header: t("broadcast.booking"), cell: (row) => <span className="reference">{row.reference}</span> },
              { header: t("broadcast.by"), cell: (row) => t(`broadcast.channel.${row.channel}` as MessageKey) },
              { header: t("broadcast.to"), cell: (row) => row.to },
              {
                header: t("broadcast.status"),
                cell: (row) => (
                  <>
                    <span className={`message-status message-${row.status}`}>
                      {row.sendsAt
                        ? t("deliveryLog.heldUntil", { time: format.dateTime(row.sendsAt) })
                        : t(`deliveryLog.status.${row.status}` as MessageKey)}
                    </span>
                    {row.error ? <span className="message-error"> ({row.error})</span> : null}
                  </>
                ),
              },
            ]}
          />
        </article>
      ))}
    </section>
  );
}
