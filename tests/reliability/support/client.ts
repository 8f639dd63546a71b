// A minimal HTTP client that behaves like a browser without JavaScript: keeps its cookies,
// posts forms from the site's own origin and does not follow redirects by itself.

export class Client {
  private cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  /** The same cookies, sent to another instance. */
  copyTo(origin: string): Client {
    const copy = new Client(origin);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    // A form posted from the site's own page carries its Origin.
    if (init.method && init.method !== "GET") headers.set("Origin", this.origin);
    const response = await fetch(this.origin + path, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = pair.split("=");
      const expired = attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
      if (expired || value.join("=") === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join("="));
    }
    return response;
  }

  get(path: string, headers: HeadersInit = {}) {
    return this.request(path, { headers });
  }

  postForm(path: string, fields: Record<string, string>) {
    return this.request(path, { method: "POST", body: new URLSearchParams(fields) });
  }

  json(method: string, path: string, body?: unknown) {
    return this.request(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}

/** Registers an account through the form; the client is then signed in. */
export async function register(origin: string, email: string, password = "customer-password"): Promise<Client> {
  const client = new Client(origin);
  const response = await client.postForm("/register", {
    displayName: email.split("@")[0],
    email,
    password,
    confirmPassword: password,
  });
  if (response.status !== 302 || !client.cookie("__session"))
    throw new Error(`registration of ${email} failed: ${response.status}`);
  await response.body?.cancel();
  return client;
}

/** Signs in through the login form. */
export async function logIn(origin: string, email: string, password: string): Promise<Client> {
  const client = new Client(origin);
  const response = await client.postForm("/login", { email, password });
  if (response.status !== 302 || !client.cookie("__session")) throw new Error(`login of ${email} failed: ${response.status}`);
  await response.body?.cancel();
  return client;
}

/** A new package without departures (ordered as before them), added by an administrator's client. */
export async function addPackage(admin: Client, title: string, cost: number) {
  const response = await admin.json("POST", "/api/services", {
    title,
    cost,
    image: "/images/tours/bandarban.svg",
    description: `${title}: made for a reliability test.`,
  });
  if (response.status !== 201) throw new Error(`adding the package ${title} failed: ${response.status}`);
  const { insertedId } = (await response.json()) as { insertedId: string };
  return { _id: insertedId, title, cost };
}
