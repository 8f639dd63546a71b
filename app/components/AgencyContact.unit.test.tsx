import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AgencyContact as Contact } from "~/components/AgencyContact";
import { inLanguage } from "../../tests/support/i18n";

const AgencyContact = (props: Parameters<typeof Contact>[0]) => inLanguage(<Contact {...props} />);

describe("AgencyContact", () => {
  it("shows the phone as a tel: link and WhatsApp as a wa.me link, each left out when unset", () => {
    const both = renderToStaticMarkup(
      <AgencyContact contact={{ phone: "+880 1711-000000", whatsapp: "https://wa.me/8801811000000" }} />,
    );
    expect(both).toContain('href="tel:+8801711000000"');
    expect(both).toContain('href="https://wa.me/8801811000000"');
    const phoneOnly = renderToStaticMarkup(<AgencyContact contact={{ phone: "+880 1711-000000", whatsapp: null }} />);
    expect(phoneOnly).toContain("Phone");
    expect(phoneOnly).not.toContain("WhatsApp");
    const whatsappOnly = renderToStaticMarkup(
      <AgencyContact contact={{ phone: null, whatsapp: "https://wa.me/8801811000000" }} />,
    );
    expect(whatsappOnly).not.toContain("Phone");
    expect(renderToStaticMarkup(<AgencyContact contact={{ phone: null, whatsapp: null }} />)).toBe("");
  });
});
