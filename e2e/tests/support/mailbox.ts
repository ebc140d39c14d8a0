import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { E2E_MAILBOX } from '../../settings.mjs';

type Mail = { from: string; to: string[]; subject: string; text: string };

function mailsTo(address: string): Mail[] {
  let lines: string[];
  try {
    lines = readFileSync(E2E_MAILBOX, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
  return lines.map((line) => JSON.parse(line) as Mail).filter((mail) => mail.to.includes(address));
}

/** The latest mail the E2E server delivered to `address`, once it has arrived. */
export async function latestMailTo(address: string): Promise<Mail> {
  await expect.poll(() => mailsTo(address).length, { message: `a mail to ${address}` }).toBeGreaterThan(0);
  return mailsTo(address).at(-1)!;
}
