/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch types for useLoaderData/useActionData (future.v3_singleFetch).
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
export {};
