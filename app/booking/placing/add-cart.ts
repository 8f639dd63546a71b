// Whether the order page's choices are enough for Add-Cart: the page shows it (JavaScript on) and
// the loader decides it for the submit without JavaScript, so both say the same about what is missing.
import type { PackageTypeValue } from "~/booking/core/booking-choices";
import { seatsRefusal } from "~/booking/departures/departures";

interface DepartureSeats {
  id: string;
  seatsLeft: number;
}

export interface AddCartReadiness<D extends DepartureSeats> {
  /** the chosen date, when it is one of the package's with a seat left */
  departure: D | null;
  /** too many persons for that date */
  seatsProblem: string | null;
  /** what is still missing, or null when Add-Cart can go on */
  hint: string | null;
}

export function addCartReadiness<D extends DepartureSeats>(
  choice: { quantity: number; packageType: PackageTypeValue | null; departure: string | null },
  departures: D[],
): AddCartReadiness<D> {
  const departure = departures.find((option) => option.id === choice.departure && option.seatsLeft > 0) ?? null;
  const seatsProblem = departure && choice.quantity > departure.seatsLeft ? seatsRefusal(departure.seatsLeft) : null;
  const needsDate = departures.length > 0 && !departure;
  const hint = seatsProblem
    ? "Choose fewer persons or another date to continue."
    : needsDate
      ? `Choose a date${choice.packageType ? "" : " and a package type"} to continue.`
      : choice.packageType
        ? null
        : "Choose a package type to continue.";
  return { departure, seatsProblem, hint };
}
