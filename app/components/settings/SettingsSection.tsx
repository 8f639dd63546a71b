// One section of /dashboard/settings: a heading and its own forms. Each form posts `section` (its
// id) to the page's action, which hands it to that section's handler (app/routes/dashboard.settings.tsx).
import type { ReactNode } from "react";

export const SECTION_FIELD = "section";

export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="card settings-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

/** The hidden field that names the section a form belongs to. */
export function SectionField({ id }: { id: string }) {
  return <input type="hidden" name={SECTION_FIELD} value={id} />;
}
