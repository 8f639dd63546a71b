// The travellers of a booking: its price from the number of travellers per category, and the rules
// of each traveller's name, date of birth and ID number. Client-safe and pure: the order page, the
// checkout, the travellers' page and the API share it. The total is computed here from the
// package's categories alone, never taken from a client.
import { MAX_QUANTITY } from "~/booking/core/booking-choices";
import { normaliseIdNumber } from "~/booking/travellers/id-numbers";
import { MAX_AGE, type PriceCategory } from "~/catalogue";
import { formatCalendarDate, isCalendarDate } from "~/platform/dates";
import { isNameText } from "~/platform/fields";

interface PriceLine {
  category: PriceCategory;
  count: number;
  /** whole dollars */
  subtotal: number;
}

/** A refusal names the id of the category at fault, or null when it is the booking as a whole. */
type BookingPrice =
  | { ok: true; total: number; seats: number; persons: number; lines: PriceLine[] }
  | { ok: false; category: string | null; message: string };

/** "a Child", "an Infant" (from the spelling: the names are the admins'). */
const named = (name: string) => `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A booking's price in whole dollars from its travellers per category id: every category within
 * its minimum and maximum, 1 to 20 persons, and at least one traveller who takes a seat, with a lap
 * for each who does not. A category unknown to the package is refused, unless none of it is booked.
 */
export function priceBooking(categories: readonly PriceCategory[], counts: Readonly<Record<string, number>>): BookingPrice {
  const refuse = (category: string | null, message: string) => ({ ok: false as const, category, message });
  const unknown = Object.keys(counts).find((id) => counts[id] !== 0 && !categories.some((category) => category.id === id));
  if (unknown !== undefined) return refuse(unknown, "This price category does not exist.");
  const lines: PriceLine[] = [];
  for (const category of categories) {
    const count = Object.hasOwn(counts, category.id) ? counts[category.id] : 0;
    if (!Number.isInteger(count) || count < 0)
      return refuse(category.id, `${category.name}: the number of travellers must be a whole number.`);
    if (count < category.min) return refuse(category.id, `${category.name}: at least ${category.min} per booking.`);
    if (count > category.max) return refuse(category.id, `${category.name}: at most ${category.max} per booking.`);
    if (count > 0) lines.push({ category, count, subtotal: count * category.price });
  }
  const persons = lines.reduce((sum, line) => sum + line.count, 0);
  const seats = lines.reduce((sum, line) => sum + (line.category.takesSeat ? line.count : 0), 0);
  if (persons === 0) return refuse(null, "Please choose at least one traveller.");
  if (persons > MAX_QUANTITY) return refuse(null, `At most ${MAX_QUANTITY} persons per booking.`);
  const lap = lines.find((line) => !line.category.takesSeat)?.category;
  if (lap && seats === 0)
    return refuse(lap.id, `${capitalised(named(lap.name))} cannot travel alone: please add a traveller who takes a seat.`);
  if (lap && persons - seats > seats) return refuse(lap.id, `${lap.name}: at most one on a lap per traveller who takes a seat.`);
  return { ok: true, total: lines.reduce((sum, line) => sum + line.subtotal, 0), seats, persons, lines };
}

/** How many travellers of each category id a list holds (own keys only, whatever the ids). */
export function countTravellers(travellers: readonly { category: string }[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const { category } of travellers) counts.set(category, (counts.get(category) ?? 0) + 1);
  return Object.fromEntries(counts);
}

/**
 * Whole years on a day, both YYYY-MM-DD. Someone born on 29 February has their birthday on 1 March
 * in other years (the common legal rule): born 2012-02-29, they are 0 on 2013-02-28 and 1 on 2013-03-01.
 */
export function ageOn(dateOfBirth: string, date: string): number {
  const [birthYear, birthMonth, birthDay] = dateOfBirth.split("-").map(Number);
  const [year, month, day] = date.split("-").map(Number);
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

const NAME_MIN = 2;
const NAME_MAX = 80;

interface TravellerInput {
  name?: string | null;
  dateOfBirth?: string | null;
  idNumber?: string | null;
}

interface Traveller {
  /** null: to follow (mayFollow) */
  name: string | null;
  dateOfBirth: string | null;
  idNumber: string | null;
}

interface TravellerRules {
  /** the departure's date; null for a booking without one (ages are then taken today) */
  travelDate: string | null;
  /** the agency's date (agencyToday) */
  today: string;
  /** the package asks each traveller's NID, birth registration or passport number */
  idRequired: boolean;
  /**
   * Fields that may be left blank, to follow until the travellers' cutoff (stored null): a booking's
   * names and ID numbers when it is placed, as POST /api/my-orders without travellers always allowed.
   * A date of birth never follows: it decides the traveller's category and so the price.
   */
  mayFollow?: { name?: boolean; idNumber?: boolean };
}

interface FieldError {
  /** as the forms name the field: travellers[2].dateOfBirth */
  path: string;
  message: string;
}

const blank = (value: string | null | undefined) => (value ?? "").trim() === "";

function ageRange({ minAge, maxAge }: PriceCategory): string | null {
  if (minAge !== null && maxAge !== null) return minAge === maxAge ? `${minAge}` : `${minAge} to ${maxAge}`;
  if (minAge !== null) return `${minAge} or older`;
  if (maxAge !== null) return `${maxAge} or younger`;
  return null;
}

/** Why the name cannot be a traveller's, or null. */
function nameProblem(name: string | null): string | null {
  if (name === null) return null;
  if (name === "") return "please enter their full name.";
  if (name.length < NAME_MIN) return `the name needs at least ${NAME_MIN} characters.`;
  if (name.length > NAME_MAX) return `the name can be at most ${NAME_MAX} characters.`;
  if (!isNameText(name)) return "the name can use only letters, spaces, dots, hyphens and apostrophes.";
  return null;
}

/** Why the date of birth cannot be this traveller's, or null; ages are taken on the travel date. */
function birthProblem(dateOfBirth: string | null, category: PriceCategory, rules: TravellerRules): string | null {
  const on = rules.travelDate ?? rules.today;
  const range = ageRange(category);
  const rule = range && `${named(category.name)} must be ${range} on ${formatCalendarDate(on)}`;
  if (dateOfBirth === null) return rule ? `please enter their date of birth (${rule}).` : null;
  if (!isCalendarDate(dateOfBirth)) return "please enter the date of birth as YYYY-MM-DD.";
  if (dateOfBirth > rules.today) return "the date of birth cannot be in the future.";
  if (dateOfBirth > on) return `the date of birth cannot be after the travel date, ${formatCalendarDate(on)}.`;
  if (ageOn(dateOfBirth, rules.today) > MAX_AGE) return "please check the year of birth.";
  return ageMismatch(dateOfBirth, category, on);
}

/**
 * Why a traveller born on `dateOfBirth` (YYYY-MM-DD) is not of the category's ages on `on`, the travel
 * date, or null: also a known traveller priced again in another category (a reseller's booking).
 */
export function ageMismatch(dateOfBirth: string, category: PriceCategory, on: string): string | null {
  const range = ageRange(category);
  const age = ageOn(dateOfBirth, on);
  const fits = (category.minAge === null || age >= category.minAge) && (category.maxAge === null || age <= category.maxAge);
  if (range === null || fits) return null;
  return `${named(category.name)} must be ${range} on ${formatCalendarDate(on)}; this date of birth makes them ${age === 0 ? "under 1" : age}.`;
}

/** Why the ID number cannot be this traveller's, or null. */
function idProblem(idNumber: string | null, rules: TravellerRules): string | null {
  if (idNumber === null)
    return rules.idRequired && !rules.mayFollow?.idNumber
      ? "please enter an ID number: NID, birth registration or passport."
      : null;
  if (normaliseIdNumber(idNumber) !== null) return null;
  return "please enter an NID (10, 13 or 17 digits), a birth registration number (17 digits) or a passport number (1 or 2 letters and 7 or 8 digits).";
}

/**
 * One traveller (the index-th of the booking) of a category: their name, date of birth (required
 * when the category has an age range, which it must fit on the travel date) and ID number (required
 * when the package asks for one), as stored (trimmed, the ID normalised; null where blank and
 * rules.mayFollow allows it), or an error per field.
 */
export function validateTraveller(
  traveller: TravellerInput,
  category: PriceCategory,
  rules: TravellerRules,
  index = 0,
): { ok: true; traveller: Traveller } | { ok: false; errors: FieldError[] } {
  const typed = (traveller.name ?? "").trim().replace(/\s+/g, " ");
  const name = typed === "" && rules.mayFollow?.name ? null : typed;
  const dateOfBirth = blank(traveller.dateOfBirth) ? null : traveller.dateOfBirth!.trim();
  const idNumber = blank(traveller.idNumber) ? null : traveller.idNumber!;
  const problems = {
    name: nameProblem(name),
    dateOfBirth: birthProblem(dateOfBirth, category, rules),
    idNumber: idProblem(idNumber, rules),
  };
  const errors = Object.entries(problems).flatMap(([field, problem]) =>
    problem ? [{ path: `travellers[${index}].${field}`, message: `Traveller ${index + 1}: ${problem}` }] : [],
  );
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, traveller: { name, dateOfBirth, idNumber: idNumber && normaliseIdNumber(idNumber) } };
}

/**
 * A booking's travellers, each of a category of the package (by id): every error of every traveller,
 * or the travellers as stored. Their number per category is priceBooking's (with countTravellers).
 */
export function validateTravellers(
  travellers: readonly (TravellerInput & { category: string })[],
  categories: readonly PriceCategory[],
  rules: TravellerRules,
): { ok: true; travellers: (Traveller & { category: string })[] } | { ok: false; errors: FieldError[] } {
  if (travellers.length === 0) return { ok: false, errors: [{ path: "travellers", message: "Please add the travellers." }] };
  if (travellers.length > MAX_QUANTITY)
    return { ok: false, errors: [{ path: "travellers", message: `At most ${MAX_QUANTITY} travellers per booking.` }] };
  const valid: (Traveller & { category: string })[] = [];
  const errors: FieldError[] = [];
  travellers.forEach((traveller, index) => {
    const category = categories.find((candidate) => candidate.id === traveller.category);
    if (!category) {
      const message = `Traveller ${index + 1}: this price category does not exist.`;
      errors.push({ path: `travellers[${index}].category`, message });
      return;
    }
    const verdict = validateTraveller(traveller, category, rules, index);
    if (verdict.ok) valid.push({ ...verdict.traveller, category: category.id });
    else errors.push(...verdict.errors);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, travellers: valid };
}

/**
 * What a booking's travellers still owe (left blank when it was placed): names, and ID numbers where
 * the package asks for them (one erased after the trip is not owed).
 */
export function detailsToFollow(
  travellers: readonly { name: string | null; idNumber: string | null; idErased?: boolean }[],
  idRequired: boolean,
): { names: number; idNumbers: number } {
  return {
    names: travellers.filter((traveller) => traveller.name === null).length,
    idNumbers: idRequired ? travellers.filter((traveller) => traveller.idNumber === null && !traveller.idErased).length : 0,
  };
}

/** "2 names and 1 ID number to follow", or null when nothing is. */
export function detailsToFollowText({ names, idNumbers }: { names: number; idNumbers: number }): string | null {
  const parts = [
    names > 0 ? `${names} ${names === 1 ? "name" : "names"}` : null,
    idNumbers > 0 ? `${idNumbers} ${idNumbers === 1 ? "ID number" : "ID numbers"}` : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? `${parts.join(" and ")} to follow` : null;
}

/** A traveller as the booking page's form posts it: every field as typed ("" when left empty). */
export type TravellerForm = { id: string; name: string; dateOfBirth: string; idNumber: string };

/** The travellers' form as posted: travellers[0]._id, travellers[0].name… in order, up to the first index missing. */
export function travellersOfForm(form: FormData): TravellerForm[] {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const travellers: TravellerForm[] = [];
  for (let index = 0; form.has(`travellers[${index}]._id`) && index < 100; index++) {
    const field = (name: string) => text(`travellers[${index}].${name}`);
    travellers.push({ id: field("_id"), name: field("name"), dateOfBirth: field("dateOfBirth"), idNumber: field("idNumber") });
  }
  return travellers;
}
