import { describe, expect, it } from "vitest";
import { daysUntil, isOverdue, lastOverdueDueDate, reminderDue } from "~/booking/paying/balance-dues";

const none = { sevenDays: false, oneDay: false };

describe("balance reminders", () => {
  it("counts calendar days, across months and years", () => {
    expect(daysUntil("2027-01-01", "2026-12-25")).toBe(7);
    expect(daysUntil("2026-12-25", "2026-12-25")).toBe(0);
    expect(daysUntil("2026-12-24", "2026-12-25")).toBe(-1);
    expect(daysUntil("2028-03-01", "2028-02-28")).toBe(2);
  });

  it("sends the 7-day reminder from 7 days before, the 1-day one from the day before to the day itself", () => {
    expect(reminderDue("2027-01-10", "2027-01-02", none)).toBeNull();
    expect(reminderDue("2027-01-10", "2027-01-03", none)).toBe("7-days");
    expect(reminderDue("2027-01-10", "2027-01-08", none)).toBe("7-days");
    expect(reminderDue("2027-01-10", "2027-01-09", none)).toBe("1-day");
    expect(reminderDue("2027-01-10", "2027-01-10", none)).toBe("1-day");
    expect(reminderDue("2027-01-10", "2027-01-11", none)).toBeNull();
  });

  it("sends each once, and only the 1-day one when the 7-day day was missed", () => {
    expect(reminderDue("2027-01-10", "2027-01-05", { sevenDays: true, oneDay: false })).toBeNull();
    expect(reminderDue("2027-01-10", "2027-01-09", { sevenDays: true, oneDay: false })).toBe("1-day");
    expect(reminderDue("2027-01-10", "2027-01-09", { sevenDays: false, oneDay: true })).toBeNull();
    expect(reminderDue("2027-01-10", "2027-01-09", none)).toBe("1-day");
  });
});

describe("overdue balances", () => {
  it("cancels once the day and the whole grace period have passed", () => {
    // Due 10 Jan, 3 days' grace: still payable on the 11th, 12th and 13th; overdue on the 14th.
    expect(isOverdue("2027-01-10", "2027-01-10", 3)).toBe(false);
    expect(isOverdue("2027-01-10", "2027-01-13", 3)).toBe(false);
    expect(isOverdue("2027-01-10", "2027-01-14", 3)).toBe(true);
    expect(isOverdue("2027-01-10", "2027-01-11", 0)).toBe(true);
    expect(lastOverdueDueDate("2027-01-14", 3)).toBe("2027-01-10");
  });
});
