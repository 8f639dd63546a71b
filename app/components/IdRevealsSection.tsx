// The admin's order page: who read which traveller's whole ID number (a manifest's Reveal or an
// administrator's full CSV export), and when: the reveal audit (IdNumberReveal), newest first.
import { formatDateTime } from "~/platform/dates";

export interface IdReveal {
  id: string;
  at: string;
  by: string;
  traveller: string;
}

export function IdRevealsSection({ reveals }: { reveals: IdReveal[] }) {
  return (
    <section aria-labelledby="id-reveals-title" className="receipt-section no-print">
      <h2 id="id-reveals-title">ID numbers read</h2>
      {reveals.length === 0 ? (
        <p className="muted">No one has read a whole ID number of this booking.</p>
      ) : (
        <ol className="plain-list id-reveals">
          {reveals.map((reveal) => (
            <li key={reveal.id}>
              <time dateTime={reveal.at}>{formatDateTime(reveal.at)}</time>: {reveal.by} read the ID number of {reveal.traveller}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
