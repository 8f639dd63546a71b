// A form's submit button, apart from the form kit (forms.tsx) so that a page with a plain form (the
// newsletter's) does not load Conform in the browser.
import type { ReactNode } from "react";
import { Spinner } from "~/components/Spinner";

/** A submit button, disabled while its form is pending, with a spinner when pendingLabel is given. */
export function SubmitButton({
  pending,
  pendingLabel,
  className = "button",
  children,
}: {
  pending: boolean;
  pendingLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending && pendingLabel ? <Spinner label={pendingLabel} /> : null} {children}
    </button>
  );
}
