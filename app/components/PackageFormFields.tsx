// The fields of a package, shared by Add A Product and Edit Product: the spec's four first, as the
// spec has them, then the trip facts (all optional). Field names `image` and `gallery` (one URL per
// line) are what a photo upload fills in as well.
import { getInputProps } from "@conform-to/react";
import {
  CATEGORY_ROWS_MAX,
  categoryRows,
  DEFAULT_BALANCE_DUE_DAYS,
  DEFAULT_CATEGORY_ID,
  itineraryRows,
  MAX_BALANCE_DUE_DAYS,
  type packageFormSchema,
  PRICE_CATEGORY_TYPES,
  type PackageRecord,
  type PriceCategory,
} from "~/catalogue";
import { Field, FieldError, SelectField, TextareaField } from "~/components/form-fields";
import type { useAppForm } from "~/components/form-hooks";
import { DESTINATIONS } from "~/platform/fields";

// The form and fields as useAppForm(packageFormSchema) gives them.
type PackageForm = ReturnType<typeof useAppForm<typeof packageFormSchema>>;

const TYPE_LABELS: Record<(typeof PRICE_CATEGORY_TYPES)[number], string> = {
  ADULT: "Adult",
  CHILD: "Child",
  INFANT: "Infant",
  SENIOR: "Senior",
  STUDENT: "Student",
  FAMILY: "Family",
  OTHER: "Other",
};

export function PackageFormFields({ form, fields }: { form: PackageForm[0]; fields: PackageForm[1] }) {
  const days = fields.itinerary.getFieldList();
  const categories = fields.priceCategories.getFieldList();
  return (
    <>
      {/* Enter in a field submits with the form's first submit button: this one saves, not "Add a day". */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Save
      </button>
      <Field label="Title" meta={fields.title} />
      <Field label="Cost ($ per person)" meta={fields.cost} type="number" inputProps={{ step: 1, inputMode: "numeric" }} />
      <Field label="Image URL" meta={fields.image} inputProps={{ placeholder: "https://… or /images/tours/…" }} />
      <div className="field">
        <label htmlFor={fields.imageFile.id}>Or upload a photo</label>
        <input
          {...getInputProps(fields.imageFile, { type: "file", ariaDescribedBy: fields.imageFile.descriptionId })}
          accept="image/jpeg,image/png,image/webp"
        />
        <p id={fields.imageFile.descriptionId} className="hint">
          JPEG, PNG or WebP; it replaces the URL above.
        </p>
        <FieldError meta={fields.imageFile} />
      </div>
      <TextareaField label="Description" meta={fields.description} textareaProps={{ rows: 6 }} />

      <fieldset className="form-section" aria-describedby={fields.priceCategories.descriptionId}>
        <legend>Price categories</legend>
        <p id={fields.priceCategories.descriptionId} className="hint">
          Who can travel and at what price. The first category is the order page&apos;s quantity control and its price is the Cost
          above. Leave every row empty to sell the package as one &quot;Adult&quot; category at its cost; an empty row is ignored.
          Ages are at the travel date; an infant on a lap takes no seat.
        </p>
        <FieldError meta={fields.priceCategories} />
        <ol className="category-rows">
          {categories.map((category, index) => {
            const row = category.getFieldset();
            const n = index + 1;
            // Each label names its row for screen readers ("Category 2 price ($)"); the row's heading says it on screen.
            const label = (text: string) => (
              <>
                <span className="visually-hidden">Category {n} </span>
                {text}
              </>
            );
            const number = (min: number) => ({ step: 1, min, inputMode: "numeric" as const });
            return (
              <li key={category.key} className="category-row">
                <p className="category-row-title">
                  Category {n}
                  {index === 0 ? " (the quantity control)" : ""}
                </p>
                <input {...getInputProps(row._id, { type: "hidden" })} />
                <div className="field-row">
                  <Field label={label("Name")} meta={row.name} inputProps={{ placeholder: CATEGORY_PLACEHOLDERS[index] }} />
                  <SelectField label={label("Kind")} meta={row.type}>
                    <option value="">Same as the name</option>
                    {PRICE_CATEGORY_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {TYPE_LABELS[type]}
                      </option>
                    ))}
                  </SelectField>
                  {index === 0 ? (
                    <p className="field category-cost">
                      <span className="field-caption">Price ($)</span>
                      <span>The Cost above</span>
                    </p>
                  ) : (
                    <Field label={label("Price ($)")} meta={row.price} type="number" inputProps={number(0)} />
                  )}
                  <SelectField label={label("Takes a seat")} meta={row.takesSeat}>
                    <option value="">As its kind (infant: no)</option>
                    <option value="yes">Yes</option>
                    <option value="no">No, on a lap</option>
                  </SelectField>
                </div>
                <div className="field-row category-numbers">
                  <Field label={label("Min age")} meta={row.minAge} type="number" inputProps={number(0)} />
                  <Field label={label("Max age")} meta={row.maxAge} type="number" inputProps={number(0)} />
                  <Field label={label("Min per booking")} meta={row.min} type="number" inputProps={number(0)} />
                  <Field label={label("Max per booking")} meta={row.max} type="number" inputProps={number(1)} />
                </div>
                {index > 0 ? (
                  <button
                    {...form.remove.getButtonProps({ name: fields.priceCategories.name, index })}
                    className="button button-secondary button-small"
                  >
                    Remove category {n}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
        {categories.length < CATEGORY_ROWS_MAX ? (
          // A submit button: without JavaScript the page comes back with one more row, everything typed kept.
          <button {...form.insert.getButtonProps({ name: fields.priceCategories.name })} className="button button-secondary">
            Add a category
          </button>
        ) : null}
        <div className="field field-checkbox">
          <input {...getInputProps(fields.idRequired, { type: "checkbox", ariaDescribedBy: fields.idRequired.descriptionId })} />
          <label htmlFor={fields.idRequired.id}>ID required</label>
          <p id={fields.idRequired.descriptionId} className="hint">
            Each traveller gives an NID, birth registration or passport number (ferries to Saint Martin&apos;s Island, forest
            permits).
          </p>
          <FieldError meta={fields.idRequired} />
        </div>
      </fieldset>

      <fieldset className="form-section">
        <legend>Payment plan</legend>
        <SelectField
          label="Deposit"
          meta={fields.depositKind}
          description="A deposit secures the booking; the balance is paid before the departure. Without one, the whole price is paid at once."
        >
          <option value="none">None: full payment only</option>
          <option value="percent">A percent of the total</option>
          <option value="perTraveller">A fixed amount per traveller (dollars)</option>
        </SelectField>
        <Field
          label="Deposit amount"
          type="number"
          meta={fields.depositValue}
          description="The percent (1 to 99) or the dollars per traveller, as chosen above."
          inputProps={{ min: 1, step: 1 }}
        />
        <Field
          label="Balance due (days before departure)"
          type="number"
          meta={fields.balanceDueDays}
          inputProps={{ min: 0, max: MAX_BALANCE_DUE_DAYS, step: 1 }}
        />
      </fieldset>

      <fieldset className="form-section">
        <legend>Trip facts (optional)</legend>
        <SelectField label="Destination" meta={fields.destination}>
          <option value="">Choose a destination</option>
          {DESTINATIONS.map((place) => (
            <option key={place} value={place}>
              {place}
            </option>
          ))}
        </SelectField>
        <div className="field-row">
          <Field
            label="Duration (days)"
            meta={fields.durationDays}
            type="number"
            inputProps={{ step: 1, inputMode: "numeric" }}
          />
          <Field label="Max group size" meta={fields.maxGroupSize} type="number" inputProps={{ step: 1, inputMode: "numeric" }} />
        </div>
        <Field label="Meeting point" meta={fields.meetingPoint} inputProps={{ placeholder: "e.g. Khulna launch ghat, 7:00" }} />
      </fieldset>

      <fieldset className="form-section">
        <legend>Itinerary (optional)</legend>
        <p className="hint">One row per day; rows left empty are ignored.</p>
        <FieldError meta={fields.itinerary} />
        <ol className="itinerary-rows">
          {days.map((day, index) => {
            const { title, text } = day.getFieldset();
            return (
              <li key={day.key} className="itinerary-row">
                <Field label={`Day ${index + 1} title`} meta={title} />
                <TextareaField label={`Day ${index + 1} text`} meta={text} textareaProps={{ rows: 2 }} />
              </li>
            );
          })}
        </ol>
        {/* A submit button: without JavaScript the page comes back with one more row, everything typed kept. */}
        <button {...form.insert.getButtonProps({ name: fields.itinerary.name })} className="button button-secondary">
          Add a day
        </button>
      </fieldset>

      <fieldset className="form-section">
        <legend>What the price covers (optional)</legend>
        <TextareaField label="Included" description="One item per line." meta={fields.included} textareaProps={{ rows: 4 }} />
        <TextareaField label="Not included" description="One item per line." meta={fields.excluded} textareaProps={{ rows: 3 }} />
      </fieldset>

      <fieldset className="form-section">
        <legend>Gallery (optional)</legend>
        <TextareaField
          label="Gallery pictures"
          description="Image URLs, one per line, shown after the main image."
          meta={fields.gallery}
          textareaProps={{ rows: 4, placeholder: "/images/gallery/g1.svg" }}
        />
        <div className="field">
          <label htmlFor={fields.galleryFiles.id}>Or upload gallery photos</label>
          <input
            {...getInputProps(fields.galleryFiles, { type: "file", ariaDescribedBy: fields.galleryFiles.descriptionId })}
            accept="image/jpeg,image/png,image/webp"
            multiple
          />
          <p id={fields.galleryFiles.descriptionId} className="hint">
            Up to 8 at once; they are added after the pictures above.
          </p>
          <FieldError meta={fields.galleryFiles} />
        </div>
      </fieldset>
    </>
  );
}

const CATEGORY_PLACEHOLDERS = ["e.g. Adult", "e.g. Child", "e.g. Infant"];

/** A category as its form row shows it (every field as text; the first row's price is the Cost field). */
function categoryValues(category: PriceCategory) {
  return {
    _id: category.id,
    name: category.name,
    type: category.type,
    price: String(category.price),
    minAge: category.minAge?.toString() ?? "",
    maxAge: category.maxAge?.toString() ?? "",
    takesSeat: category.takesSeat ? "yes" : "no",
    min: String(category.min),
    max: String(category.max),
  };
}

/** The form's starting values for a package (or none): its facts as the fields show them, with a few empty day rows. */
export function packageFormValues(
  tourPackage?: Omit<PackageRecord, "id" | "costCents" | "itinerary"> & {
    cost: string;
    itinerary: { title: string; text: string }[];
    depositPercent: number | null;
    depositPerTravellerCents: number | null;
    balanceDueDays: number;
  },
) {
  const days = tourPackage?.itinerary ?? [];
  // The one default Adult of a package without categories of its own is no row: empty rows keep it so.
  const own = (tourPackage?.priceCategories ?? []).filter((category) => category.id !== DEFAULT_CATEGORY_ID);
  const blankRows = itineraryRows(days.length) - days.length;
  return {
    ...(tourPackage
      ? {
          title: tourPackage.title,
          cost: tourPackage.cost,
          image: tourPackage.image,
          description: tourPackage.description,
          destination: tourPackage.destination ?? "",
          durationDays: tourPackage.durationDays?.toString() ?? "",
          maxGroupSize: tourPackage.maxGroupSize?.toString() ?? "",
          meetingPoint: tourPackage.meetingPoint ?? "",
          included: tourPackage.included.join("\n"),
          excluded: tourPackage.excluded.join("\n"),
          gallery: tourPackage.gallery.join("\n"),
          idRequired: tourPackage.idRequired,
          depositKind:
            tourPackage.depositPercent !== null
              ? "percent"
              : tourPackage.depositPerTravellerCents !== null
                ? "perTraveller"
                : "none",
          depositValue:
            tourPackage.depositPercent?.toString() ??
            (tourPackage.depositPerTravellerCents !== null ? String(tourPackage.depositPerTravellerCents / 100) : ""),
          balanceDueDays: String(tourPackage.balanceDueDays),
        }
      : { depositKind: "none", balanceDueDays: String(DEFAULT_BALANCE_DUE_DAYS) }),
    itinerary: [...days, ...Array.from({ length: blankRows }, () => ({ title: "", text: "" }))],
    priceCategories: [...own.map(categoryValues), ...Array.from({ length: categoryRows(own.length) - own.length }, () => ({}))],
  };
}
