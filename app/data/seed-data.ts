// Demo content for an empty database. Images live under public/images (nothing from the internet).

export const seedPackages = [
  {
    title: "Cox's Bazar Beach Escape",
    costCents: 450_00,
    image: "/images/tours/coxs-bazar.svg",
    description:
      "Three days on the longest natural sea beach in the world. Watch the sunrise over Inani's coral stones, ride a beach bike along Marine Drive to Himchari's waterfall, and end each evening with fresh seafood at Laboni Point. Hotel with sea view, breakfast and a local guide included.",
  },
  {
    title: "Sundarbans Mangrove Cruise",
    costCents: 620_00,
    image: "/images/tours/sundarbans.svg",
    description:
      "A four-day river cruise through the largest mangrove forest on earth, home of the Royal Bengal tiger. Glide along narrow creeks at dawn, walk the Kotka and Kochikhali trails with a forest ranger, and spot spotted deer, crocodiles and kingfishers. Cabin, all meals and park permits included.",
  },
  {
    title: "Sajek Valley Cloud Trek",
    costCents: 380_00,
    image: "/images/tours/sajek-valley.svg",
    description:
      "Wake up above the clouds in the hills of Rangamati. This three-day trip takes you by jeep to Sajek, up to Konglak Para for the sunset, and into the villages of the Lushai and Pangkhua people. Cottage stay, meals, transfers from Khagrachari and a hill guide included.",
  },
  {
    title: "Srimangal Tea Garden Retreat",
    costCents: 290_00,
    image: "/images/tours/srimangal.svg",
    description:
      "Two relaxed days among the rolling tea estates of Sylhet. Walk through Lawachara rainforest in search of hoolock gibbons, taste the famous seven-layer tea, and cycle between tea gardens and Khasia villages. Eco-resort stay, breakfast and dinner, and a naturalist guide included.",
  },
  {
    title: "Saint Martin's Island Getaway",
    costCents: 520_00,
    image: "/images/tours/saint-martin.svg",
    description:
      "Sail from Teknaf to Bangladesh's only coral island for three days of turquoise water and coconut palms. Snorkel at Chera Dwip, watch the stars from a quiet beach, and feast on grilled fish. Return boat tickets, beach resort, meals and snorkelling gear included.",
  },
  {
    title: "Bandarban Hill Adventure",
    costCents: 410_00,
    image: "/images/tours/bandarban.svg",
    description:
      "Four days of trails, waterfalls and hill views in Bandarban. Visit the golden temple, climb to Nilgiri and Nilachal viewpoints, swim below Nafakhum falls and spend a night in a Marma village. Transport, guest houses, meals, a licensed trekking guide and safety gear included.",
  },
] as const;

export const seedReviews = [
  {
    name: "Nusrat Jahan",
    email: "nusrat.jahan@example.com",
    rating: 5,
    review:
      "The Sundarbans cruise was the trip of a lifetime. Our guide knew every creek, the food on board was wonderful and everything ran on time.",
    photo: "/images/people/reviewer-1.svg",
  },
  {
    name: "Arif Hossain",
    email: "arif.hossain@example.com",
    rating: 4,
    review:
      "Sajek at sunrise is unforgettable. The jeep ride was bumpy, but the cottage was clean and the team looked after us very well.",
    photo: "/images/people/reviewer-2.svg",
  },
  {
    name: "Emily Carter",
    email: "emily.carter@example.com",
    rating: 5,
    review:
      "Booked Cox's Bazar for our honeymoon. Great hotel with a sea view and a lovely guide. Booking and paying online took two minutes.",
    photo: "/images/people/reviewer-3.svg",
  },
  {
    name: "Tanvir Ahmed",
    email: "tanvir.ahmed@example.com",
    rating: 4,
    review:
      "Srimangal was peaceful and green. We saw gibbons in Lawachara on the first morning. Good value for a family of four.",
    photo: "/images/people/reviewer-4.svg",
  },
  {
    name: "Farhana Akter",
    email: "farhana.akter@example.com",
    rating: 5,
    review:
      "Saint Martin's was paradise. Clear water, friendly staff and no stress at all with the boat tickets. We will travel with them again.",
    photo: "/images/people/reviewer-5.svg",
  },
] as const;

/**
 * The demo departures of the package at `index` in seedPackages: 3 or 4 dates in the coming months,
 * counted in days from the seed's day, with 8 to 20 seats.
 */
export function seedDepartures(index: number): { daysAhead: number; seats: number }[] {
  const dates = [
    { daysAhead: 12 + 3 * index, seats: 8 + ((index * 5) % 13) },
    { daysAhead: 40 + 4 * index, seats: 20 - ((index * 3) % 13) },
    { daysAhead: 75 + 2 * index, seats: 12 + ((index * 7) % 9) },
    { daysAhead: 110 + 5 * index, seats: 10 + (index % 5) },
  ];
  return index % 2 === 0 ? dates : dates.slice(0, 3);
}
