// A small load balancer for the multi-instance test: each request goes to the next instance in
// turn. An instance that refuses the connection (stopped, killed) is skipped for the next one, as
// a load balancer's retry of a connection never made does; a request cut in the middle answers
// 502, since it may have been done. Requests and bodies pass through unchanged, Host included,
// so the app sees the proxy's origin (its PUBLIC_URL) as a browser would.
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RoundRobin {
  origin: string;
  port: number;
  /** the instances' origins (http://127.0.0.1:port), in turn */
  backends: string[];
  /** how many requests each backend answered, by origin */
  answered: Map<string, number>;
  close(): Promise<void>;
}

export async function startRoundRobin(): Promise<RoundRobin> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const answered = new Map<string, number>();
  const backends: string[] = [];
  let next = 0;

  function forward(req: IncomingMessage, body: Buffer, attempt: number, res: ServerResponse) {
    if (backends.length === 0 || attempt >= backends.length) {
      res.writeHead(502, { "Content-Type": "text/plain" }).end("No instance answered.");
      return;
    }
    const backend = backends[next++ % backends.length];
    const upstream = request(
      new URL(req.url ?? "/", backend),
      { method: req.method, headers: req.headers, agent, setHost: false },
      (answer) => {
        answered.set(backend, (answered.get(backend) ?? 0) + 1);
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
        answer.on("error", () => res.destroy());
      },
    );
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return void res.destroy();
      // Never connected: nothing was done there, the next instance may take it.
      if (error.code === "ECONNREFUSED") return forward(req, body, attempt + 1, res);
      res.writeHead(502, { "Content-Type": "text/plain" }).end(`The instance failed: ${error.code ?? error.message}`);
    });
    upstream.end(body);
  }

  const server: Server = createServer((req, res) => {
    // A client or an instance that hangs up is that request's end, not the test's.
    req.on("error", () => res.destroy());
    res.on("error", () => undefined);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => forward(req, Buffer.concat(chunks), 0, res));
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    backends,
    answered,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
