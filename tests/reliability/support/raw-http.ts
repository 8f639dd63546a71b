// HTTP/1.1 spoken by hand over one TCP socket, to see what a keep-alive connection does after an
// answer that came before the request body was read (fetch would hide it behind its pool).
import { connect, type Socket } from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Transfer-Encoding: chunked instead of Content-Length */
  chunked?: boolean;
}

/** One socket, its responses read in order as they arrive; `closed` once the server hangs up. */
export class RawConnection {
  private socket: Socket;
  private buffer = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  closed = false;
  /** a write that failed because the server closed first (expected when it refuses a huge body) */
  writeError: Error | undefined;

  private constructor(
    private host: string,
    socket: Socket,
  ) {
    this.socket = socket;
    socket.on("data", (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on("error", (error) => (this.writeError = error));
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
  }

  static open(origin: string): Promise<RawConnection> {
    const { hostname, port } = new URL(origin);
    return new Promise((done, fail) => {
      const socket = connect(Number(port), hostname, () => done(new RawConnection(`${hostname}:${port}`, socket)));
      socket.once("error", fail);
    });
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Writes the request without waiting for the socket to take all of its body. */
  send({ method, path, headers = {}, body, chunked = false }: RawRequest): void {
    const lines = [
      `${method} ${path} HTTP/1.1`,
      `Host: ${this.host}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (body && chunked) lines.push("Transfer-Encoding: chunked");
    else if (body) lines.push(`Content-Length: ${body.length}`);
    this.socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (!body) return;
    if (!chunked) {
      this.socket.write(body);
      return;
    }
    for (let at = 0; at < body.length; at += 16 * 1024) {
      const piece = body.subarray(at, at + 16 * 1024);
      this.socket.write(`${piece.length.toString(16)}\r\n`);
      this.socket.write(piece);
      this.socket.write("\r\n");
    }
    this.socket.write("0\r\n\r\n");
  }

  /** The next whole response, or null when the socket closes or `timeoutMs` passes first. */
  async response(timeoutMs: number): Promise<RawResponse | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.closed || Date.now() >= deadline) return null;
      await new Promise<void>((done) => {
        const timer = setTimeout(done, deadline - Date.now());
        this.waiters.push(() => {
          clearTimeout(timer);
          done();
        });
      });
    }
  }

  /** Resolves true once the server has closed the connection, false after `timeoutMs`. */
  async waitClosed(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) {
      await new Promise<void>((done) => {
        const timer = setTimeout(done, deadline - Date.now());
        this.waiters.push(() => {
          clearTimeout(timer);
          done();
        });
      });
    }
    return this.closed;
  }

  close() {
    this.socket.destroy();
  }

  /** Takes one response off the buffer when it is complete (Content-Length or chunked body). */
  private parse(): RawResponse | null {
    const end = this.buffer.indexOf("\r\n\r\n");
    if (end < 0) return null;
    const [statusLine, ...headerLines] = this.buffer.subarray(0, end).toString("latin1").split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(" ")[1]);
    let at = end + 4;
    let body: Buffer;
    if (headers["transfer-encoding"]?.includes("chunked")) {
      const pieces: Buffer[] = [];
      for (;;) {
        const lineEnd = this.buffer.indexOf("\r\n", at);
        if (lineEnd < 0) return null;
        const size = parseInt(this.buffer.subarray(at, lineEnd).toString("latin1"), 16);
        if (this.buffer.length < lineEnd + 2 + size + 2) return null;
        pieces.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(pieces);
    } else {
      const length = Number(headers["content-length"] ?? 0);
      if (this.buffer.length < at + length) return null;
      body = this.buffer.subarray(at, at + length);
      at += length;
    }
    this.buffer = this.buffer.subarray(at);
    return { status, headers, body: body.toString("utf8") };
  }
}
