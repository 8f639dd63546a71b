// The emails the app sent during a browser test, as the fake SMTP server of global-setup.ts
// received them (raw MIME, the text quoted-printable).
import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import type { ReceivedMail } from "../../support/fake-smtp";
import { E2E_MAIL_FILE } from "./global-setup";

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link matching the pattern in an email to the address (waits for the email). */
export async function linkSentTo(address: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mails = readFileSync(E2E_MAIL_FILE, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ReceivedMail)
        .filter((mail) => mail.to.includes(address));
      link = mails.map((mail) => pattern.exec(decodeQuotedPrintable(mail.data))?.[0]).find(Boolean);
      return link;
    }, `an email to ${address}`)
    .toBeTruthy();
  return link!;
}
