import { expect } from '@playwright/test';

interface Mail {
  to: string;
  /** The From header, decoded: the sender's name with the address. */
  from: string;
  subject: string;
  text: string;
  html: string;
}

const mailbox = () => `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}`;

/** The mails the app sent to an address so far (read from the stack's SMTP catcher). */
export async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${mailbox()}/?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

/** Waits for the `count`-th mail to an address and returns the first link in it. */
export async function linkFromMail(address: string, count = 1): Promise<string> {
  let mails: Mail[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailsTo(address);
        return mails.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const link = mails[count - 1]!.text.split(/\s+/).find((word) => word.startsWith('http'));
  if (!link) throw new Error(`no link in the mail to ${address}`);
  return link;
}

/** A fresh address per journey and project, so parallel journeys never share a person. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.vn`;
}
