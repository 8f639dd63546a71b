// The OCTO answers against @octocloud/types, the OCTO project's types and zod schemas generated from
// its OpenAPI document: each answer schema of octo-api.ts infers a type the package's accepts and
// names no field the specification does not (checked by `tsc`, these expectTypeOf calls), and
// answers built by octo.ts pass the package's own schemas at run time.
import type * as Octo from "@octocloud/types";
import { zAvailability, zAvailabilityCalendar, zCapability, zProduct } from "@octocloud/types";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { PriceCategory } from "~/catalogue";
import { availabilityOf, calendarDayOf, capabilityList, type OctoPackage, productOf } from "~/distribution/octo";
import type * as OctoApi from "~/distribution/octo-api";

/** The package's type with its string enums as the strings they stand for (zod infers strings, not enum members). */
type Plain<T> = T extends string
  ? `${T}`
  : T extends number | boolean | null | undefined
    ? T
    : T extends readonly (infer Item)[]
      ? Plain<Item>[]
      : { [Key in keyof T]: Plain<T[Key]> };

/** Fields of ours that the specification's type does not name. */
type Unnamed<Ours, Spec> = Exclude<keyof Ours, keyof Spec>;

describe("OCTO answers and @octocloud/types", () => {
  it("each answer's type is the specification's, with no field of its own", () => {
    type Supplier = z.infer<typeof OctoApi.supplierSchema>;
    expectTypeOf<Supplier>().toExtend<Plain<Octo.Supplier>>();
    expectTypeOf<Unnamed<Supplier, Octo.Supplier>>().toBeNever();
    expectTypeOf<Unnamed<Supplier["contact"], Octo.SupplierContact>>().toBeNever();

    type Capability = z.infer<typeof OctoApi.capabilitySchema>;
    expectTypeOf<Capability>().toExtend<Plain<Octo.Capability>>();
    expectTypeOf<Unnamed<Capability, Octo.Capability>>().toBeNever();

    type Pricing = z.infer<typeof OctoApi.pricingSchema>;
    expectTypeOf<Pricing>().toExtend<Plain<Octo.Pricing>>();
    expectTypeOf<Unnamed<Pricing, Octo.Pricing>>().toBeNever();

    type Unit = z.infer<typeof OctoApi.unitSchema>;
    expectTypeOf<Unit>().toExtend<Plain<Octo.Unit>>();
    expectTypeOf<Unnamed<Unit, Octo.Unit>>().toBeNever();
    expectTypeOf<Unnamed<Unit["restrictions"], Octo.UnitRestrictions>>().toBeNever();

    type Option = z.infer<typeof OctoApi.optionSchema>;
    expectTypeOf<Option>().toExtend<Plain<Octo.Option>>();
    expectTypeOf<Unnamed<Option, Octo.Option>>().toBeNever();
    expectTypeOf<Unnamed<Option["restrictions"], Octo.OptionRestrictions>>().toBeNever();

    type Product = z.infer<typeof OctoApi.productSchema>;
    expectTypeOf<Product>().toExtend<Plain<Octo.Product>>();
    expectTypeOf<Unnamed<Product, Octo.Product>>().toBeNever();

    type Availability = z.infer<typeof OctoApi.availabilitySchema>;
    expectTypeOf<Availability>().toExtend<Plain<Octo.Availability>>();
    expectTypeOf<Unnamed<Availability, Octo.Availability>>().toBeNever();

    type CalendarDay = z.infer<typeof OctoApi.availabilityCalendarSchema>;
    expectTypeOf<CalendarDay>().toExtend<Plain<Octo.AvailabilityCalendar>>();
    expectTypeOf<Unnamed<CalendarDay, Octo.AvailabilityCalendar>>().toBeNever();

    type Contact = z.infer<typeof OctoApi.contactSchema>;
    expectTypeOf<Contact>().toExtend<Plain<Octo.Contact>>();
    expectTypeOf<Unnamed<Contact, Octo.Contact>>().toBeNever();

    type Ticket = z.infer<typeof OctoApi.ticketSchema>;
    expectTypeOf<Ticket>().toExtend<Plain<Octo.Ticket>>();
    expectTypeOf<Unnamed<Ticket, Octo.Ticket>>().toBeNever();

    type UnitItem = z.infer<typeof OctoApi.unitItemSchema>;
    expectTypeOf<UnitItem>().toExtend<Plain<Octo.UnitItem>>();
    expectTypeOf<Unnamed<UnitItem, Octo.UnitItem>>().toBeNever();

    type Booking = z.infer<typeof OctoApi.bookingSchema>;
    expectTypeOf<Booking>().toExtend<Plain<Octo.Booking>>();
    expectTypeOf<Unnamed<Booking, Octo.Booking>>().toBeNever();
    expectTypeOf<Unnamed<NonNullable<Booking["cancellation"]>, Octo.BookingCancellation>>().toBeNever();

    // Errors: the base error's two fields, and the id at fault as the specification's errors name it.
    type OctoError = z.infer<typeof OctoApi.octoErrorSchema>;
    expectTypeOf<OctoError>().toExtend<Plain<Octo.BaseError>>();
    expectTypeOf<Unnamed<OctoError, Octo.BaseError>>().toEqualTypeOf<
      "productId" | "optionId" | "unitId" | "availabilityId" | "uuid"
    >();
    expectTypeOf<Required<Pick<OctoError, "productId">>>().toExtend<Omit<Octo.ErrorInvalidProductId, "error" | "errorMessage">>();
    expectTypeOf<Required<Pick<OctoError, "optionId">>>().toExtend<Omit<Octo.ErrorInvalidOptionId, "error" | "errorMessage">>();
    expectTypeOf<Required<Pick<OctoError, "unitId">>>().toExtend<Omit<Octo.ErrorInvalidUnitId, "error" | "errorMessage">>();
    expectTypeOf<Required<Pick<OctoError, "availabilityId">>>().toExtend<
      Omit<Octo.ErrorInvalidAvailabilityId, "error" | "errorMessage">
    >();
    expectTypeOf<Required<Pick<OctoError, "uuid">>>().toExtend<Omit<Octo.ErrorInvalidBookingUuid, "error" | "errorMessage">>();
  });

  const categories: PriceCategory[] = [
    { id: "adult", name: "Adult", type: "ADULT", price: 120, minAge: 12, maxAge: null, takesSeat: true, min: 1, max: 20 },
    { id: "child", name: "Child", type: "CHILD", price: 80.5, minAge: 2, maxAge: 11, takesSeat: true, min: 0, max: 20 },
    { id: "lap", name: "Infant", type: "INFANT", price: 0, minAge: 0, maxAge: 1, takesSeat: false, min: 0, max: 4 },
  ];
  const tourPackage: OctoPackage = {
    id: "pkg-sundarbans",
    title: "Sundarbans, three days",
    description: null,
    meetingPoint: "Khulna launch ghat, 7:30 am",
    durationDays: 3,
    idRequired: true,
    priceCategories: categories,
    refundPolicy: [
      { minDays: 14, percent: 100 },
      { minDays: 7, percent: 50 },
    ],
  };
  const departure = { date: "2027-01-08", seats: 30, seatsTaken: 4, status: "OPEN" as const, prices: null, pricePercent: null };
  const seller = { commissionBasisPoints: 1250 };

  it("answers that the package's own schemas accept, with and without octo/pricing", () => {
    for (const capability of capabilityList()) expect(zCapability.parse(capability)).toEqual(capability);
    for (const pricingSeller of [null, seller]) {
      const product = productOf(tourPackage, pricingSeller);
      expect(zProduct.parse(product)).toEqual(product);
      const context = { tourPackage, today: "2027-01-01", seller: pricingSeller, units: [{ id: "adult", quantity: 2 }] };
      const availability = availabilityOf(departure, 26, context);
      expect(zAvailability.parse(availability)).toEqual(availability);
      for (const day of [
        calendarDayOf("2027-01-08", { departure, seatsLeft: 26 }, context),
        calendarDayOf("2027-01-09", null, context),
      ]) {
        expect(zAvailabilityCalendar.parse(day)).toEqual(day);
      }
    }
  });
});
