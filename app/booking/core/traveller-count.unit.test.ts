import { describe, expect, it } from "vitest";
import { receiptEmail } from "~/booking/core/lifecycle-emails";
import { travellersOf } from "~/booking/core/traveller-count";
import { bookingEmails } from "~/booking/placing/booking-emails";

describe("travellersOf", () => {
  it("counts every traveller, infants too, and names them per category in order", () => {
    // 2 adults, 1 child and 1 infant: 3 seats (the booking's quantity), 4 travellers
    expect(travellersOf(["Adult", "Adult", "Child (5–11)", "Infant (0–4)"], 3)).toEqual({
      count: 4,
      text: "2 adults, 1 child, 1 infant",
    });
    expect(travellersOf(["Child (5–11)", "Child (5–11)", "Adult"], 3)).toEqual({ count: 3, text: "2 children, 1 adult" });
    expect(travellersOf(["Senior citizen", "Senior citizen", "Family"], 3).text).toBe("2 senior citizens, 1 family");
    expect(travellersOf(["Family", "Family"], 2).text).toBe("2 families");
  });

  it("falls back to the booking's quantity when it has no traveller rows", () => {
    expect(travellersOf([], 1)).toEqual({ count: 1, text: "1 person" });
    expect(travellersOf([], 3)).toEqual({ count: 3, text: "3 persons" });
  });
});

describe("the emails", () => {
  it("count a family's travellers as the order page and My Orders do: 4, the infant too, not its 3 seats", () => {
    const family = ["Adult", "Adult", "Child (5–11)", "Infant (0–4)"];
    const [customer, agency] = bookingEmails(
      {
        orderId: "o1",
        reference: "TB-7K3P9Q",
        origin: "https://tours.example.com",
        title: "River",
        travelDate: "2031-08-20",
        travellers: family,
        priceCents: 135_000,
        holdExpiresAt: null,
        accountEmail: "rina@example.com",
        customer: { name: "Rina Das", email: "rina@example.com", mobileNumber: "01712345678" },
      },
      "agency@example.com",
    );
    const receipt = receiptEmail(
      {
        id: "o1",
        reference: "TB-7K3P9Q",
        accountEmail: "rina@example.com",
        firstName: "Rina",
        lastName: "Das",
        serviceTitle: "River",
        quantity: 3,
        travellers: family.map((categoryName) => ({ categoryName })),
        packageType: "vacation",
        priceCents: 135_000,
        travelDate: "2031-08-20",
      },
      { amountCents: 27_000, transaction: "pi_1", last4: "4242" },
      "https://tours.example.com/dashboard/orders/o1/voucher",
    );
    for (const text of [customer.text, agency.text, receipt.text]) {
      expect(text).toContain("Travellers: 2 adults, 1 child, 1 infant");
    }
    expect(agency.subject).toContain("(2 adults, 1 child, 1 infant)");
  });
});
