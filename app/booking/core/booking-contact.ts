// A booking's contact under the specification's field names (City holds the apartment line): the
// API's order JSON and a returning customer's checkout read it alike.

export interface StoredContact {
  firstName: string;
  lastName: string;
  streetAddress: string;
  city: string | null;
  townName: string;
  district: string;
  postcode: string | null;
  mobileNumber: string;
}

export function specContact(order: StoredContact) {
  return {
    firstName: order.firstName,
    lastName: order.lastName,
    streetAddress: order.streetAddress,
    City: order.city ?? "",
    townName: order.townName,
    district: order.district,
    Postcode: order.postcode ?? "",
    mobileNumber: order.mobileNumber,
  };
}
