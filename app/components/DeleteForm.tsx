import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useT } from "~/components/language-context";
import { useResultAlert } from "~/components/useResultAlert";

/**
 * A delete button that posts to the page's action. With JavaScript it asks with the browser's
 * confirm (docs/spec.md §8) and posts the delete itself; without, its post ("ask-delete") only
 * brings the page's confirmation step (DeleteConfirmation), and that step's button deletes.
 */
export function DeleteForm({
  id,
  confirmText,
  label,
  describedBy,
}: {
  id: string;
  confirmText: string;
  label: string;
  /** the id of a text saying what the delete does */
  describedBy?: string;
}) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const { t, text } = useT();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === id;
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        if (window.confirm(text(confirmText))) submit({ id, intent: "delete" }, { method: "post" });
      }}
    >
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value="ask-delete"
        className="button button-small button-danger"
        disabled={busy}
        aria-label={label}
        aria-describedby={describedBy}
      >
        {t("dashboard.delete.button")}
      </button>
    </Form>
  );
}

type DeleteOutcome = { ok: boolean; message: string } | { confirm: { id: string; what: string } };

/**
 * The answer of a delete's post: the confirmation step (the same question as the browser's
 * confirm, what will be deleted, a confirm button and a way back), or the outcome, in the page and
 * as the spec's browser alert with JavaScript.
 */
export function DeleteResult({ result, question }: { result?: DeleteOutcome; question: string }) {
  const { pathname } = useLocation();
  const { t, text } = useT();
  // The English the action answers (the specification's words), in the page's language.
  useResultAlert(result && "message" in result ? text(result.message) : undefined);
  if (!result) return null;
  if ("confirm" in result) {
    return (
      <section className="card form-card delete-confirmation" aria-labelledby="delete-question">
        <h2 id="delete-question">{text(question)}</h2>
        <p>{text(result.confirm.what)}</p>
        <Form method="post" className="delete-confirmation-actions">
          <input type="hidden" name="id" value={result.confirm.id} />
          <button type="submit" name="intent" value="delete" className="button button-danger">
            {t("dashboard.delete.yes")}
          </button>
          <Link to={pathname} className="button button-secondary">
            {t("dashboard.delete.cancel")}
          </Link>
        </Form>
      </section>
    );
  }
  return (
    <p className={`alert ${result.ok ? "alert-success" : "alert-error"}`} role="status">
      {text(result.message)}
    </p>
  );
}
