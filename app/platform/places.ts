// The places of Bangladesh the forms offer, without their schemas (app/platform/fields.ts): the
// search form of /services lists them in the browser without loading zod.

/**
 * The 64 districts of Bangladesh, in alphabetical order (the checkout offers them so, as the search
 * offers destinations): the spec's list (docs/spec.md §5) among them, its "Barisal" kept as written
 * there and its second "Bandarban" dropped; the others as the government spells them since 2018
 * (Bogura, Chattogram, Cumilla, Jashore).
 */
export const DISTRICTS = [
  "Bagerhat",
  "Bandarban",
  "Barguna",
  "Barisal",
  "Bhola",
  "Bogura",
  "Brahmanbaria",
  "Chandpur",
  "Chapainawabganj",
  "Chattogram",
  "Chuadanga",
  "Cox's Bazar",
  "Cumilla",
  "Dhaka",
  "Dinajpur",
  "Faridpur",
  "Feni",
  "Gaibandha",
  "Gazipur",
  "Gopalganj",
  "Habiganj",
  "Jamalpur",
  "Jashore",
  "Jhalokati",
  "Jhenaidah",
  "Joypurhat",
  "Khagrachhari",
  "Khulna",
  "Kishoreganj",
  "Kurigram",
  "Kushtia",
  "Lakshmipur",
  "Lalmonirhat",
  "Madaripur",
  "Magura",
  "Manikganj",
  "Meherpur",
  "Moulvibazar",
  "Munshiganj",
  "Mymensingh",
  "Naogaon",
  "Narail",
  "Narayanganj",
  "Narsingdi",
  "Natore",
  "Netrokona",
  "Nilphamari",
  "Noakhali",
  "Pabna",
  "Panchagarh",
  "Patuakhali",
  "Pirojpur",
  "Rajbari",
  "Rajshahi",
  "Rangamati",
  "Rangpur",
  "Satkhira",
  "Shariatpur",
  "Sherpur",
  "Sirajganj",
  "Sunamganj",
  "Sylhet",
  "Tangail",
  "Thakurgaon",
] as const;

/**
 * Where a package goes: the 64 districts and the regions travellers know by name across district
 * lines (the Sundarbans span Khulna, Bagerhat and Satkhira), in alphabetical order.
 */
export const DESTINATIONS = [
  ...DISTRICTS,
  "Chittagong Hill Tracts",
  "Kuakata",
  "Saint Martin's Island",
  "Sajek Valley",
  "Sundarbans",
  // By code unit, not localeCompare: sorting with a locale at module load cost tens of milliseconds in
  // a phone's browser (docs/performance.md); for these names the order is the same (a unit test checks).
].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) as [string, ...string[]];
