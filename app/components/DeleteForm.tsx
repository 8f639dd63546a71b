import { Form, useNavigation } from "@remix-run/react";
import { useResultAlert } from "~/components/useResultAlert";

/** A delete button that posts to the page's action; with JavaScript it asks first (docs/spec.md §8). */
export function DeleteForm({ id, confirmText, label }: { id: string; confirmText: string; label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === id;
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(confirmText)) event.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value="delete"
        className="button button-small button-danger"
        disabled={busy}
        aria-label={label}
      >
        Delete
      </button>
    </Form>
  );
}

/** The outcome of a delete: in the page, and as the spec's browser alert with JavaScript. */
export function DeleteResult({ result }: { result?: { ok: boolean; message: string } }) {
  useResultAlert(result?.message);
  if (!result) return null;
  return (
    <p className={`alert ${result.ok ? "alert-success" : "alert-error"}`} role="status">
      {result.message}
    </p>
  );
}
