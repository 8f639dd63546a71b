// The status cell of the orders lists as the server renders it.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OrderStatus } from "~/components/OrderStatus";
import { inLanguage } from "../../tests/support/i18n";

describe("OrderStatus", () => {
  it("a pending booking shows its deadline to pay, in Dhaka time", () => {
    const html = renderToStaticMarkup(
      inLanguage(<OrderStatus order={{ status: "PENDING", holdExpiresAt: "2026-11-24T12:00:00.000Z" }} />),
    );
    expect(html).toContain(">Pending<");
    expect(html).toContain("Pay by 24 Nov 2026, 18:00");
  });

  it("in Bengali: its status, and the deadline in Bengali digits and month", () => {
    const html = renderToStaticMarkup(
      inLanguage(<OrderStatus order={{ status: "PENDING", holdExpiresAt: "2026-11-24T12:00:00.000Z" }} />, "bn"),
    );
    expect(html).toContain(">অপেক্ষমাণ<");
    expect(html).toContain("২৪ নভেম্বর, ২০২৬, ১৮:০০");
    expect(html).not.toContain("Pay by");
  });

  it("any other status shows no deadline", () => {
    const html = renderToStaticMarkup(
      inLanguage(<OrderStatus order={{ status: "EXPIRED", holdExpiresAt: "2026-11-24T12:00:00.000Z" }} />),
    );
    expect(html).toContain('class="status status-expired"');
    expect(html).not.toContain("Pay by");
  });
});
