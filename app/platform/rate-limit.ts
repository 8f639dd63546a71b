// What a refused login says, in the browser too (the login form shows the spec's auth codes).

/** The spec's "too-many-requests" message (docs/spec.md §8). */
export const TOO_MANY_LOGINS = "Too many failed login attempts. Please wait a few minutes and try again.";
