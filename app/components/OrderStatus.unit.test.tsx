// The status cell of the orders lists as the server renders it.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { OrderStatus } from "~/components/OrderStatus";

describe("OrderStatus", () => {
  it("a pending booking shows its deadline to pay, in Dhaka time", () => {
    const html = renderToStaticMarkup(<OrderStatus order={{ status: "PENDING", holdExpiresAt: "2026-11-24T12:00:00.000Z" }} />);
    expect(html).toContain(">Pending<");
    expect(html).toContain("Pay by 24 Nov 2026, 18:00");
  });

  it("any other status shows no deadline", () => {
    const html = renderToStaticMarkup(<OrderStatus order={{ status: "EXPIRED", holdExpiresAt: "2026-11-24T12:00:00.000Z" }} />);
    expect(html).toContain('class="status status-expired"');
    expect(html).not.toContain("Pay by");
  });
});
