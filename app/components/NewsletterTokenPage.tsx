// The two pages of a newsletter email's links (routes/newsletter_.confirm.$token.tsx and
// newsletter_.unsubscribe.$token.tsx): each asks before it acts, so that a mail scanner opening
// links changes nothing, then says what became of the address; an unknown token says so.
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitButton } from "~/components/form-fields";
import { useIsPending } from "~/components/form-hooks";
import { useT } from "~/components/language-context";

interface NewsletterTokenPageProps {
  /** The address the token stands for; null when no live subscription has this token. */
  email: string | null;
  /** Done before this visit (confirmed, unsubscribed). */
  alreadyDone: boolean;
  /** The answer to the page's form, once sent. */
  result: { done: boolean } | undefined;
  /** The page's texts, translated: its title, the unknown token, what became of the address, the question, the button and its label while it works. */
  texts: { title: string; invalid: string; done: string; ask: string; submit: string; pending: string };
  /** Under the message once done (a way back). */
  afterDone?: ReactNode;
}

export function NewsletterTokenPage({ email, alreadyDone, result, texts, afterDone }: NewsletterTokenPageProps) {
  const pending = useIsPending();
  const { t } = useT();
  return (
    <section className="container page-section narrow-page">
      <h1>{texts.title}</h1>
      {!email || (result && !result.done) ? (
        <p className="alert alert-error" role="alert">
          {texts.invalid}
        </p>
      ) : alreadyDone || result?.done ? (
        <>
          <p className="alert alert-success" role="status">
            {texts.done}
          </p>
          {afterDone}
        </>
      ) : (
        <Form method="post">
          <p>{texts.ask}</p>
          <SubmitButton pending={pending} pendingLabel={texts.pending} className="button">
            {texts.submit}
          </SubmitButton>
        </Form>
      )}
      <p>
        <Link to="/">{t("newsletter.back")}</Link>
      </p>
    </section>
  );
}
