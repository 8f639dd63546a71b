// A TCP proxy in front of the PostgreSQL server, so that a test can take "the database" away
// from one app process without touching the shared server: `cut()` drops every connection and
// refuses new ones (as a stopped server does), `blackHole()` accepts and never answers (as a
// lost network does), `restore()` forwards again.
import { connect, createServer, type Server, type Socket } from "node:net";

// PostgreSQL's Terminate message: a client that closes its connection properly sends it last.
const TERMINATE = Buffer.from([0x58, 0, 0, 0, 4]);

export interface PgProxy {
  port: number;
  /** the database URL with the proxy's port instead of the server's */
  urlFor(databaseUrl: string): string;
  cut(): Promise<void>;
  blackHole(): void;
  restore(): Promise<void>;
  /** connections the client closed: how many ended with a Terminate message */
  closedConnections(): { total: number; terminated: number };
  open(): number;
  close(): Promise<void>;
}

export async function startPgProxy(target: string): Promise<PgProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const pairs = new Set<{ client: Socket; server: Socket }>();
  let mode: "forward" | "black-hole" = "forward";
  const closed = { total: 0, terminated: 0 };

  const onConnection = (client: Socket) => {
    if (mode === "black-hole") {
      client.on("error", () => undefined);
      pairs.add({ client, server: client });
      return;
    }
    const server = connect(Number(targetPort || 5432), hostname);
    const pair = { client, server };
    pairs.add(pair);
    let tail = Buffer.alloc(0);
    client.on("data", (chunk: Buffer) => {
      tail = Buffer.concat([tail, chunk]).subarray(-TERMINATE.length);
      if (mode === "forward") server.write(chunk);
    });
    server.on("data", (chunk: Buffer) => {
      if (mode === "forward") client.write(chunk);
    });
    // Counted once per connection that ends other than by the proxy's own cut.
    let counted = false;
    const count = () => {
      if (counted || !pairs.has(pair)) return;
      counted = true;
      closed.total += 1;
      if (tail.equals(TERMINATE)) closed.terminated += 1;
    };
    client.on("end", () => {
      count();
      server.end();
    });
    server.on("end", () => client.end());
    const drop = () => {
      count();
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on("error", drop).on("close", drop);
    server.on("error", drop).on("close", drop);
  };

  let listener: Server = createServer(onConnection);
  await new Promise<void>((done) => listener.listen(0, "127.0.0.1", done));
  const port = (listener.address() as { port: number }).port;

  const stopListening = () => new Promise<void>((done) => (listener.listening ? listener.close(() => done()) : done()));
  const dropAll = () => {
    for (const { client, server } of pairs) {
      client.destroy();
      server.destroy();
    }
    pairs.clear();
  };

  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    async cut() {
      const stopped = stopListening();
      dropAll();
      await stopped;
    },
    blackHole() {
      mode = "black-hole";
    },
    async restore() {
      // Connections that lost bytes in the black hole cannot go on: the app must open new ones.
      if (mode === "black-hole") dropAll();
      mode = "forward";
      if (!listener.listening) {
        listener = createServer(onConnection);
        await new Promise<void>((done, fail) => listener.once("error", fail).listen(port, "127.0.0.1", done));
      }
    },
    closedConnections: () => ({ ...closed }),
    open: () => pairs.size,
    async close() {
      const stopped = stopListening();
      dropAll();
      await stopped;
    },
  };
}
