// The fields of a package, shared by Add A Product and Edit Product: the spec's four first, as the
// spec has them, then the trip facts (all optional). Field names `image` and `gallery` (one URL per
// line) are what a photo upload fills in as well.
import { getInputProps } from "@conform-to/react";
import { itineraryRows, type packageFormSchema } from "~/catalogue";
import type { useAppForm } from "~/components/form-hooks";
import { Field, FieldError, SelectField, TextareaField } from "~/components/forms";
import { DESTINATIONS } from "~/platform/fields";

// The form and fields as useAppForm(packageFormSchema) gives them.
type PackageForm = ReturnType<typeof useAppForm<typeof packageFormSchema>>;

export function PackageFormFields({ form, fields }: { form: PackageForm[0]; fields: PackageForm[1] }) {
  const days = fields.itinerary.getFieldList();
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

/** The form's starting values for a package (or none): its facts as the fields show them, with a few empty day rows. */
export function packageFormValues(tourPackage?: {
  title: string;
  cost: string;
  image: string;
  description: string;
  destination: string | null;
  durationDays: number | null;
  itinerary: { title: string; text: string }[];
  included: string[];
  excluded: string[];
  meetingPoint: string | null;
  maxGroupSize: number | null;
  gallery: string[];
}) {
  const days = tourPackage?.itinerary ?? [];
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
        }
      : {}),
    itinerary: [...days, ...Array.from({ length: blankRows }, () => ({ title: "", text: "" }))],
  };
}
