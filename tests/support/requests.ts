// Real Request objects for calling loaders and actions directly.
export const ORIGIN = "http://localhost:3000";

export function getRequest(path: string, init: RequestInit = {}) {
  return new Request(new URL(path, ORIGIN), { method: "GET", ...init });
}

export function formRequest(path: string, fields: Record<string, string | string[]>, init: RequestInit = {}) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  if (!headers.has("Origin")) headers.set("Origin", ORIGIN);
  return new Request(new URL(path, ORIGIN), { method: "POST", body, ...init, headers });
}

/** Loaders and actions return plain data or data() wrappers under single fetch; this unwraps both. */
export async function unwrap<T>(result: unknown): Promise<{ status: number; data: T; headers: Headers }> {
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, data: (text ? JSON.parse(text) : null) as T, headers: result.headers };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const wrapped = result as { data: T; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }
  return { status: 200, data: result as T, headers: new Headers() };
}

/** Runs a loader/action that is expected to throw a Response (redirect, 404...). */
export async function thrownResponse(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}
