import { Form, useNavigation } from "@remix-run/react";

/** A delete button that posts to the page's action; with JavaScript it asks first (spec §8). */
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
      <button type="submit" name="intent" value="delete" className="button button-small button-danger" disabled={busy} aria-label={label}>
        Delete
      </button>
    </Form>
  );
}
