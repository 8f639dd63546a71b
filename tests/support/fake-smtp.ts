// An SMTP server for tests (the smtp-server package, plain text, no login needed) that keeps the
// messages it received: envelope sender and recipients, and the raw message.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** port 0: any free port; onMessage: also called with each message as it arrives. */
export async function startFakeSmtp({
  port: wanted = 0,
  onMessage,
}: { port?: number; onMessage?: (mail: ReceivedMail) => void } = {}): Promise<{
  url: string;
  port: number;
  messages: ReceivedMail[];
  close: () => Promise<void>;
}> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    // Tests end right after their last mail: do not wait for idle connections.
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope;
        const mail = {
          from: mailFrom ? mailFrom.address : "",
          to: rcptTo.map((recipient) => recipient.address),
          data: Buffer.concat(chunks).toString("utf8"),
        };
        messages.push(mail);
        onMessage?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(wanted, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
