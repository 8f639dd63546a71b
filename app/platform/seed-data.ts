// Demo content for an empty database. Images live under public/images (nothing from the internet).

export const seedPackages = [
  {
    title: "Cox's Bazar Beach Escape",
    costCents: 450_00,
    image: "/images/tours/coxs-bazar.svg",
    description:
      "Three days on the longest natural sea beach in the world. Watch the sunrise over Inani's coral stones, ride a beach bike along Marine Drive to Himchari's waterfall, and end each evening with fresh seafood at Laboni Point. Hotel with sea view, breakfast and a local guide included.",
    destination: "Cox's Bazar",
    durationDays: 3,
    itinerary: [
      {
        title: "Arrival and Laboni Point",
        text: "Pick-up at Cox's Bazar airport or bus stand, check in to the sea-view hotel, and watch the sunset from Laboni Point with a seafood dinner.",
      },
      {
        title: "Marine Drive to Himchari and Inani",
        text: "Ride a beach bike along Marine Drive to Himchari's waterfall and hilltop view, then walk among Inani's coral stones as the tide goes out.",
      },
      {
        title: "Sunrise and departure",
        text: "An early walk for the sunrise over the bay, breakfast at the hotel and a transfer back in time for the afternoon flight or bus.",
      },
    ],
    included: [
      "Two nights in a sea-view hotel",
      "Daily breakfast",
      "Local guide",
      "Beach bike for Marine Drive",
      "Airport or bus-stand transfers",
    ],
    excluded: ["Flights or bus tickets to Cox's Bazar", "Lunch and dinner", "Personal expenses"],
    meetingPoint: "Cox's Bazar airport arrivals hall, 11:00",
    maxGroupSize: 16,
    gallery: ["/images/about/slide-3.svg", "/images/gallery/g1.svg", "/images/gallery/g4.svg"],
  },
  {
    title: "Sundarbans Mangrove Cruise",
    costCents: 620_00,
    image: "/images/tours/sundarbans.svg",
    description:
      "A four-day river cruise through the largest mangrove forest on earth, home of the Royal Bengal tiger. Glide along narrow creeks at dawn, walk the Kotka and Kochikhali trails with a forest ranger, and spot spotted deer, crocodiles and kingfishers. Cabin, all meals and park permits included.",
    destination: "Sundarbans",
    durationDays: 4,
    itinerary: [
      {
        title: "Khulna to the forest",
        text: "Board the cruise boat at Khulna, sail down the Pashur river past Mongla and enter the forest by evening, with a briefing from the forest ranger.",
      },
      {
        title: "Kotka and Jamtola beach",
        text: "A dawn boat ride up a narrow creek, the Kotka trail and watchtower, and a walk through the grassland to Jamtola beach.",
      },
      {
        title: "Kochikhali and Dimer Char",
        text: "Walk the Kochikhali trail where spotted deer graze, then explore Dimer Char island and its birds by country boat.",
      },
      {
        title: "Karamjal and back to Khulna",
        text: "Visit the Karamjal crocodile and deer breeding centre on the way back, arriving in Khulna by late afternoon.",
      },
    ],
    included: [
      "Cabin on the cruise boat",
      "All meals and tea on board",
      "Forest permits and ranger",
      "Country-boat rides in the creeks",
      "Life jackets",
    ],
    excluded: ["Travel to Khulna", "Camera fees in the forest", "Tips for the crew"],
    meetingPoint: "Khulna launch ghat (Jail Ghat), 7:00",
    maxGroupSize: 24,
    gallery: ["/images/about/slide-1.svg", "/images/gallery/g2.svg", "/images/gallery/g5.svg"],
  },
  {
    title: "Sajek Valley Cloud Trek",
    costCents: 380_00,
    image: "/images/tours/sajek-valley.svg",
    description:
      "Wake up above the clouds in the hills of Rangamati. This three-day trip takes you by jeep to Sajek, up to Konglak Para for the sunset, and into the villages of the Lushai and Pangkhua people. Cottage stay, meals, transfers from Khagrachari and a hill guide included.",
    destination: "Sajek Valley",
    durationDays: 3,
    itinerary: [
      {
        title: "Khagrachari to Sajek by jeep",
        text: "Meet in Khagrachari town, ride the jeep through the hills to Sajek with a stop at Hajachora waterfall, and settle into the cottage.",
      },
      {
        title: "Above the clouds and Konglak Para",
        text: "Wake early to see the valley under a sea of clouds, then climb to Konglak Para for the views and stay for the sunset.",
      },
      {
        title: "Village visit and return",
        text: "Visit a Lushai village and its church, have lunch with a view, and ride back to Khagrachari for the evening bus.",
      },
    ],
    included: ["Two nights in a hill cottage", "All meals", "Jeep transfers from Khagrachari", "Hill guide", "Army escort fees"],
    excluded: ["Bus to and from Khagrachari", "Personal expenses"],
    meetingPoint: "Shapla Chattar, Khagrachari town, 8:30",
    maxGroupSize: 12,
    gallery: ["/images/about/slide-4.svg", "/images/gallery/g3.svg", "/images/gallery/g6.svg"],
  },
  {
    title: "Srimangal Tea Garden Retreat",
    costCents: 290_00,
    image: "/images/tours/srimangal.svg",
    description:
      "Two relaxed days among the rolling tea estates of Sylhet. Walk through Lawachara rainforest in search of hoolock gibbons, taste the famous seven-layer tea, and cycle between tea gardens and Khasia villages. Eco-resort stay, breakfast and dinner, and a naturalist guide included.",
    destination: "Moulvibazar",
    durationDays: 2,
    itinerary: [
      {
        title: "Lawachara and the tea estates",
        text: "Arrive at Srimangal, walk through Lawachara rainforest with a naturalist looking for hoolock gibbons, and cycle between tea gardens in the afternoon.",
      },
      {
        title: "Seven-layer tea and Khasia villages",
        text: "Taste the famous seven-layer tea, visit a Khasia village and its betel-leaf gardens, and take the evening train back.",
      },
    ],
    included: ["One night in an eco-resort", "Breakfast and dinner", "Naturalist guide", "Bicycle for the day"],
    excluded: ["Train tickets to Srimangal", "Lunch", "Park entry fees"],
    meetingPoint: "Srimangal railway station, 10:00",
    maxGroupSize: 10,
    gallery: ["/images/about/slide-2.svg", "/images/gallery/g2.svg", "/images/gallery/g6.svg"],
  },
  {
    title: "Saint Martin's Island Getaway",
    costCents: 520_00,
    image: "/images/tours/saint-martin.svg",
    description:
      "Sail from Teknaf to Bangladesh's only coral island for three days of turquoise water and coconut palms. Snorkel at Chera Dwip, watch the stars from a quiet beach, and feast on grilled fish. Return boat tickets, beach resort, meals and snorkelling gear included.",
    destination: "Saint Martin's Island",
    durationDays: 3,
    itinerary: [
      {
        title: "Teknaf to the island",
        text: "Board the morning ship at Teknaf, sail down the Naf river past Myanmar's hills, and check in to the beach resort in time for lunch.",
      },
      {
        title: "Chera Dwip and the reef",
        text: "Cross to Chera Dwip at low tide, snorkel over the coral, and end the day with grilled fish and the stars on a quiet beach.",
      },
      {
        title: "Sunrise and the ship back",
        text: "A sunrise walk around the island's north beach, breakfast, and the afternoon ship back to Teknaf.",
      },
    ],
    included: [
      "Return ship tickets from Teknaf",
      "Two nights in a beach resort",
      "All meals",
      "Snorkelling gear",
      "Boat to Chera Dwip",
    ],
    excluded: ["Travel to Teknaf", "Drinks", "Personal expenses"],
    meetingPoint: "Teknaf ship terminal (Damdamia jetty), 8:30",
    maxGroupSize: 20,
    gallery: ["/images/about/slide-3.svg", "/images/gallery/g1.svg", "/images/gallery/g5.svg"],
  },
  {
    title: "Bandarban Hill Adventure",
    costCents: 410_00,
    image: "/images/tours/bandarban.svg",
    description:
      "Four days of trails, waterfalls and hill views in Bandarban. Visit the golden temple, climb to Nilgiri and Nilachal viewpoints, swim below Nafakhum falls and spend a night in a Marma village. Transport, guest houses, meals, a licensed trekking guide and safety gear included.",
    destination: "Bandarban",
    durationDays: 4,
    itinerary: [
      {
        title: "Golden temple and Nilachal",
        text: "Meet in Bandarban town, visit the Buddha Dhatu Jadi golden temple and watch the sunset from Nilachal.",
      },
      {
        title: "Nilgiri above the clouds",
        text: "Drive the Thanchi road to Nilgiri, the highest viewpoint reachable by road, with a stop at Chimbuk hill.",
      },
      {
        title: "Thanchi to Nafakhum falls",
        text: "Go up the Sangu river by boat from Thanchi, trek to Nafakhum falls and spend the night in a Marma village.",
      },
      { title: "Back to Bandarban", text: "Return down the river and by road to Bandarban town in time for the evening bus." },
    ],
    included: [
      "Three nights in guest houses and a village home",
      "All meals",
      "Licensed trekking guide",
      "Boats on the Sangu",
      "Safety gear",
    ],
    excluded: ["Bus to and from Bandarban", "Personal expenses"],
    meetingPoint: "Bandarban bus stand, 9:00",
    maxGroupSize: 12,
    gallery: ["/images/about/slide-4.svg", "/images/about/journey.svg", "/images/gallery/g3.svg", "/images/gallery/g4.svg"],
  },
] as const;

/** The demo packages whose travellers each give an ID number (the ferry to the island, the forest permit). */
export const seedIdRequired: readonly string[] = ["Saint Martin's Island Getaway", "Sundarbans Mangrove Cruise"];

/**
 * A demo package's price categories, as PriceCategory rows: Adult at the package's cost (the order
 * page's quantity control, as the spec has it), Child 5 to 11 at about 70 % in whole dollars, and
 * Infant up to 4, free on a lap, at most 2 a booking.
 */
export function seedPriceCategories(costCents: number) {
  return [
    {
      position: 0,
      name: "Adult",
      type: "ADULT",
      priceCents: costCents,
      minAge: null,
      maxAge: null,
      takesSeat: true,
      minPerBooking: 1,
      maxPerBooking: 20,
    },
    {
      position: 1,
      name: "Child (5–11)",
      type: "CHILD",
      priceCents: Math.round((costCents * 0.7) / 100) * 100,
      minAge: 5,
      maxAge: 11,
      takesSeat: true,
      minPerBooking: 0,
      maxPerBooking: 20,
    },
    {
      position: 2,
      name: "Infant (0–4)",
      type: "INFANT",
      priceCents: 0,
      minAge: 0,
      maxAge: 4,
      takesSeat: false,
      minPerBooking: 0,
      maxPerBooking: 2,
    },
  ] as const;
}

/** Each names the demo package it reviews (by title), so the package pages show a rating. */
export const seedReviews = [
  {
    name: "Nusrat Jahan",
    email: "nusrat.jahan@example.com",
    package: "Sundarbans Mangrove Cruise",
    rating: 5,
    review:
      "The Sundarbans cruise was the trip of a lifetime. Our guide knew every creek, the food on board was wonderful and everything ran on time.",
    photo: "/images/people/reviewer-1.svg",
  },
  {
    name: "Arif Hossain",
    email: "arif.hossain@example.com",
    package: "Sajek Valley Cloud Trek",
    rating: 4,
    review:
      "Sajek at sunrise is unforgettable. The jeep ride was bumpy, but the cottage was clean and the team looked after us very well.",
    photo: "/images/people/reviewer-2.svg",
  },
  {
    name: "Emily Carter",
    email: "emily.carter@example.com",
    package: "Cox's Bazar Beach Escape",
    rating: 5,
    review:
      "Booked Cox's Bazar for our honeymoon. Great hotel with a sea view and a lovely guide. Booking and paying online took two minutes.",
    photo: "/images/people/reviewer-3.svg",
  },
  {
    name: "Tanvir Ahmed",
    email: "tanvir.ahmed@example.com",
    package: "Srimangal Tea Garden Retreat",
    rating: 4,
    review:
      "Srimangal was peaceful and green. We saw gibbons in Lawachara on the first morning. Good value for a family of four.",
    photo: "/images/people/reviewer-4.svg",
  },
  {
    name: "Farhana Akter",
    email: "farhana.akter@example.com",
    package: "Saint Martin's Island Getaway",
    rating: 5,
    review:
      "Saint Martin's was paradise. Clear water, friendly staff and no stress at all with the boat tickets. We will travel with them again.",
    photo: "/images/people/reviewer-5.svg",
  },
] as const;

/**
 * The demo departures of the package at `index` in seedPackages: 3 or 4 dates in the coming months,
 * counted in days from the seed's day, with 30 to 60 seats (a coach or a launch: the demo site
 * can take many bookings before a date sells out).
 */
export function seedDepartures(index: number): { daysAhead: number; seats: number }[] {
  const dates = [
    { daysAhead: 12 + 3 * index, seats: 30 + ((index * 5) % 13) },
    { daysAhead: 40 + 4 * index, seats: 60 - ((index * 3) % 13) },
    { daysAhead: 75 + 2 * index, seats: 40 + ((index * 7) % 9) },
    { daysAhead: 110 + 5 * index, seats: 45 + (index % 5) },
  ];
  return index % 2 === 0 ? dates : dates.slice(0, 3);
}
