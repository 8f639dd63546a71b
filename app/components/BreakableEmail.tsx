// An email that may wrap before its "@" and dots (a long one must not widen a table past the
// screen) and reads as one word everywhere else.
import { Fragment } from "react";

export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className="cell-wrap">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
