// The order page's choice of a date: one radio per open departure, in the page's GET form so that
// it works without JavaScript; a sold-out date is shown but cannot be chosen.
import { seatsLeftLabel } from "~/booking";
import { formatCalendarDate } from "~/platform/dates";

export interface DepartureOption {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  seatsLeft: number;
}

export function DeparturePicker({
  departures,
  value,
  onChange,
}: {
  departures: DepartureOption[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <fieldset className="departure-picker">
      <legend>Date</legend>
      {departures.length === 0 ? (
        <p className="hint">No dates are open for booking at the moment.</p>
      ) : (
        <ul>
          {departures.map((departure) => {
            const soldOut = departure.seatsLeft <= 0;
            return (
              <li key={departure.id}>
                <label className={soldOut ? "sold-out" : undefined}>
                  <input
                    type="radio"
                    name="departure"
                    value={departure.id}
                    checked={value === departure.id}
                    disabled={soldOut}
                    onChange={() => onChange(departure.id)}
                  />
                  <span>{formatCalendarDate(departure.date)}</span>
                  <span className="seats-left">{seatsLeftLabel(departure.seatsLeft)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
