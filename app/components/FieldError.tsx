interface FieldWithErrors {
  errorId: string;
  errors?: string[];
}

export function FieldError({ field }: { field: FieldWithErrors }) {
  return (
    <p id={field.errorId} className="field-error" aria-live="polite">
      {field.errors?.[0]}
    </p>
  );
}
