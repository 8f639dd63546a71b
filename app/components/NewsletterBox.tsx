import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { NewsletterResult } from "~/backoffice";
import { useT } from "~/components/language-context";
import { SubmitButton } from "~/components/SubmitButton";

// Posts to /newsletter: inline with JavaScript, a full page round trip without it.
export function NewsletterBox({ result }: { result?: NewsletterResult }) {
  const fetcher = useFetcher<NewsletterResult>();
  const shown = fetcher.data ?? result;
  const formRef = useRef<HTMLFormElement>(null);
  const { t, text } = useT();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <div className="container newsletter-inner">
        <div>
          <h2 id="newsletter-title">{t("public.newsletter.title")}</h2>
          <p>{t("public.newsletter.text")}</p>
        </div>
        <fetcher.Form method="post" action="/newsletter" className="newsletter-form" ref={formRef} noValidate>
          <label htmlFor="newsletter-email" className="visually-hidden">
            {t("public.newsletter.email")}
          </label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            placeholder={t("public.newsletter.email")}
            autoComplete="email"
            required
            defaultValue={shown && !shown.ok ? shown.email : undefined}
            aria-invalid={shown && !shown.ok ? true : undefined}
            aria-describedby="newsletter-message"
          />
          <SubmitButton pending={fetcher.state !== "idle"} className="button button-accent">
            {t("public.newsletter.subscribe")}
          </SubmitButton>
          <p id="newsletter-message" className={shown?.ok ? "form-success" : "form-error"} aria-live="polite">
            {text(shown?.message)}
          </p>
        </fetcher.Form>
      </div>
    </section>
  );
}
