// A minimal SMTP server for tests: it speaks enough of the protocol for nodemailer
// (EHLO, MAIL, RCPT, DATA, QUIT) and keeps the messages it received.
import { createServer, type Server } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export async function startFakeSmtp(): Promise<{ url: string; port: number; messages: ReceivedMail[]; close: () => Promise<void> }> {
  const messages: ReceivedMail[] = [];
  const server: Server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current: ReceivedMail = { from: "", to: [], data: "" };
    socket.write("220 fake-smtp ready\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          messages.push(current);
          current = { from: "", to: [], data: "" };
          inData = false;
          socket.write("250 OK: queued\r\n");
          continue;
        }
        const lineEnd = buffer.indexOf("\r\n");
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === "EHLO" || command === "HELO") socket.write("250-fake-smtp\r\n250 8BITMIME\r\n");
        else if (command === "MAIL") {
          current.from = line.replace(/^MAIL FROM:\s*/i, "").replace(/[<>]/g, "").split(" ")[0];
          socket.write("250 OK\r\n");
        } else if (command === "RCPT") {
          current.to.push(line.replace(/^RCPT TO:\s*/i, "").replace(/[<>]/g, ""));
          socket.write("250 OK\r\n");
        } else if (command === "DATA") {
          inData = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else if (command === "QUIT") {
          socket.end("221 Bye\r\n");
          return;
        } else socket.write("250 OK\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
