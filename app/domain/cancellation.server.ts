// Cancelling a departure. This minimal version only cancels a departure nobody holds seats on;
// the booking lifecycle replaces it with the cascade that cancels and refunds its bookings.
import { cancelEmptyDeparture } from "~/data/departures.server";

export async function cancelDeparture({ departureId }: { departureId: string; byUserId: string }): Promise<void> {
  if ((await cancelEmptyDeparture(departureId)) === "has-bookings") {
    throw new Error("This departure still has bookings: they must be cancelled and refunded first.");
  }
}
