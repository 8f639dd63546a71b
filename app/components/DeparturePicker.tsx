// The order page's choice of a date: one radio per open departure, in the page's GET form so that
// it works without JavaScript; a sold-out date is shown but cannot be chosen. Each date says its
// price per person of the first category (a departure may have its own, issue 42), after its seats.
import { useFormat } from "~/components/format";
import { useT } from "~/components/language-context";

export interface DepartureOption {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  seatsLeft: number;
  /** whole dollars by price category: the departure's own prices; null: the package's */
  prices: Record<string, number> | null;
}

export function DeparturePicker({
  departures,
  value,
  onChange,
  firstCategory,
}: {
  departures: DepartureOption[];
  value: string | null;
  onChange: (id: string) => void;
  /** the package's first price category (the spec's persons): each date shows its price */
  firstCategory: { id: string; price: number };
}) {
  const { t } = useT();
  const format = useFormat();
  return (
    <fieldset className="departure-picker">
      <legend>{t("trip.date")}</legend>
      {departures.length === 0 ? (
        <p className="hint">{t("trip.noDates")}</p>
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
                  <span>{format.calendarDate(departure.date)}</span>
                  <span className="seats-left">
                    {soldOut ? t("trip.soldOut") : t("trip.seatsLeft", { count: departure.seatsLeft })}
                  </span>
                  <span className="departure-price">
                    {t("trip.departureFrom", {
                      price: format.dollars(Math.round((departure.prices?.[firstCategory.id] ?? firstCategory.price) * 100)),
                    })}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
