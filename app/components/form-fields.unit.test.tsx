// The form kit's markup as the server renders it (what a browser without JavaScript gets).
import type { SubmissionResult } from "@conform-to/react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DataTable } from "~/components/DataTable";
import { Field, FormErrors, SelectField, SubmitButton, TextareaField } from "~/components/form-fields";
import { useAppForm } from "~/components/form-hooks";
import { requiredText } from "~/platform/fields";

const schema = z.object({
  name: requiredText({ max: 80, missing: "Please enter your name.", tooLong: "Too long." }),
  note: z.string().max(500).optional(),
  colour: z.enum(["red", "blue"]),
});

type Result = SubmissionResult<string[]>;

function TestForm({ lastResult, description }: { lastResult?: Result; description?: string }) {
  const [form, fields] = useAppForm(schema, { lastResult, defaultValue: { colour: "blue" } });
  return (
    <form id={form.id}>
      <FormErrors form={form} />
      <Field label="Name" labelHidden meta={fields.name} description={description} inputProps={{ placeholder: "Your Name" }} />
      <TextareaField label="Note" meta={fields.note} textareaProps={{ rows: 3 }} />
      <SelectField label="Colour" meta={fields.colour}>
        <option value="">Choose</option>
        <option value="red">red</option>
        <option value="blue">blue</option>
      </SelectField>
      <SubmitButton pending pendingLabel="Saving">
        Save
      </SubmitButton>
    </form>
  );
}

// The opening tag of the first element matching `pattern` (e.g. 'input[^>]*name="name"'), and its attributes.
function tag(html: string, pattern: string): string {
  const found = new RegExp(`<${pattern}[^>]*>`).exec(html);
  if (!found) throw new Error(`no <${pattern}> in ${html}`);
  return found[0];
}

function attr(openingTag: string, name: string): string | null {
  return new RegExp(` ${name}="([^"]*)"`).exec(openingTag)?.[1] ?? null;
}

/** An element's text, by its id (elements of the kit hold text or one nested element). */
function textOf(html: string, id: string): string {
  const found = new RegExp(`<(\\w+)[^>]* id="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>(.*?)</\\1>`).exec(html);
  if (!found) throw new Error(`no #${id} in ${html}`);
  return found[2].replace(/<[^>]+>/g, "");
}

describe("form fields", () => {
  it("wire each label to its control, with the schema's constraints and the placeholder", () => {
    const html = renderToStaticMarkup(<TestForm />);
    const input = tag(html, 'input[^>]*name="name"');
    const id = attr(input, "id")!;
    expect(html).toContain(`<label for="${id}" class="visually-hidden">Name</label>`);
    expect(attr(input, "type")).toBe("text");
    expect(input).toContain(" required=");
    // No maxlength: the schema's "Too long." is shown rather than the browser cutting the text.
    expect(attr(input, "maxLength")).toBeNull();
    expect(attr(input, "placeholder")).toBe("Your Name");
    expect(attr(input, "aria-invalid")).toBeNull();
    const textarea = tag(html, 'textarea[^>]*name="note"');
    expect(attr(textarea, "rows")).toBe("3");
    expect(html).toContain(`<label for="${attr(textarea, "id")}">Note</label>`);
    expect(html).toMatch(/<option value="blue" selected="">blue<\/option>/);
    expect(html.match(/<div class="field">/g)).toHaveLength(3);
    expect(html.match(/<p id="[^"]+" class="field-error" aria-live="polite"><\/p>/g)).toHaveLength(3);
  });

  it("show the server's errors next to the fields, named by aria-describedby, with the typed values", () => {
    const lastResult = {
      status: "error" as const,
      initialValue: { name: "", note: "kept", colour: "red" },
      error: { name: ["Please enter your name."], "": ["Too many messages."] },
    };
    const html = renderToStaticMarkup(<TestForm lastResult={lastResult} description="As on your passport." />);
    const input = tag(html, 'input[^>]*name="name"');
    expect(attr(input, "aria-invalid")).toBe("true");
    const [errorId, descriptionId] = attr(input, "aria-describedby")!.split(" ");
    expect(tag(html, `p id="${errorId}"`)).toContain('class="field-error"');
    expect(textOf(html, errorId)).toBe("Please enter your name.");
    expect(textOf(html, descriptionId)).toBe("As on your passport.");
    expect(html).toMatch(/<textarea[^>]*name="note"[^>]*>kept<\/textarea>/);
    expect(html).toMatch(/<option value="red" selected="">red<\/option>/);
    expect(html).toMatch(/<p class="alert alert-error" role="alert" id="[^"]+">Too many messages.<\/p>/);
  });

  it("disable a pending submit button and show its spinner", () => {
    const html = renderToStaticMarkup(<TestForm />);
    expect(tag(html, "button")).toBe('<button type="submit" class="button" disabled="">');
    expect(html).toContain(
      '<span class="spinner" role="status"><span class="visually-hidden">Saving</span></span> Save</button>',
    );
  });
});

describe("DataTable", () => {
  const columns = [
    { header: "Package", cell: (row: { id: string; title: string }) => row.title },
    { header: "Action", cell: () => <button type="button">Delete</button> },
  ];

  it("renders column headers and labels every cell with its column", () => {
    const html = renderToStaticMarkup(
      <DataTable
        columns={columns}
        rows={[
          { id: "a", title: "Sajek" },
          { id: "b", title: "Srimangal" },
        ]}
        rowKey={(row) => row.id}
      />,
    );
    expect(html).toContain(
      '<div class="table-wrap"><table class="data-table"><thead><tr><th scope="col">Package</th><th scope="col">Action</th></tr></thead>',
    );
    expect([...html.matchAll(/<td([^>]*)>/g)].map((cell) => cell[1])).toEqual([
      ' data-label="Package"',
      ' data-label="Action"',
      ' data-label="Package"',
      ' data-label="Action"',
    ]);
    expect(html).toContain('<td data-label="Package">Srimangal</td>');
  });

  it("shows its empty text in one full-width row", () => {
    const html = renderToStaticMarkup(
      <DataTable columns={columns} rows={[]} rowKey={(row) => row.id} empty="There are no orders yet." />,
    );
    expect(html).toContain('<tbody><tr><td colSpan="2" data-label="">There are no orders yet.</td></tr></tbody>');
  });
});
