// A departure's guide on its page: who runs it (name and phone) for everyone who reads the manifest,
// and for an administrator a plain form (no JavaScript needed) choosing one of the guides or none.
import { Form } from "@remix-run/react";

export interface GuideChoice {
  email: string;
  name: string;
}

export function DepartureGuide({
  guide,
  guides,
  canAssign,
  result,
}: {
  guide: { name: string; email: string; phone: string | null } | null;
  guides: GuideChoice[];
  canAssign: boolean;
  result: { message: string | null; error: string | null } | null;
}) {
  // A guide assigned and since demoted or disabled stays selectable, so saving the form does not drop them unasked.
  const choices = guide && !guides.some((choice) => choice.email === guide.email) ? [guide, ...guides] : guides;
  return (
    <section aria-labelledby="departure-guide-title" className="departure-guide">
      <h2 id="departure-guide-title">Guide</h2>
      <p>
        {guide ? (
          <>
            <strong>{guide.name}</strong>
            {guide.phone ? (
              <>
                {" · "}
                <a href={`tel:${guide.phone}`}>{guide.phone}</a>
              </>
            ) : null}
          </>
        ) : (
          "No guide assigned: any guide may run this departure."
        )}
      </p>
      {canAssign ? (
        <Form method="post" className="inline-form no-print" aria-labelledby="departure-guide-title" preventScrollReset>
          <input type="hidden" name="intent" value="guide" />
          <label htmlFor="departure-guide">Assign a guide</label>{" "}
          <select
            id="departure-guide"
            name="guide"
            defaultValue={guide?.email ?? ""}
            key={guide?.email ?? ""}
            aria-invalid={result?.error ? true : undefined}
            aria-describedby={result?.error ? "departure-guide-error" : undefined}
          >
            <option value="">No guide</option>
            {choices.map((choice) => (
              <option key={choice.email} value={choice.email}>
                {choice.name} ({choice.email})
              </option>
            ))}
          </select>{" "}
          <button type="submit" className="button button-secondary">
            Save guide
          </button>
          {guides.length === 0 ? <p className="hint">No guide accounts yet: make one on the Users page.</p> : null}
        </Form>
      ) : null}
      {result?.message ? (
        <p className="form-success" role="status">
          {result.message}
        </p>
      ) : null}
      {result?.error ? (
        <p id="departure-guide-error" className="field-error" role="alert">
          {result.error}
        </p>
      ) : null}
    </section>
  );
}
