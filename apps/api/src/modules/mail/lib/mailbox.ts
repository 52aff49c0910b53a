// The local mailbox: without SMTP_URL every mail is written to DATA_DIR/mailbox as a .eml file
// (the raw message) plus a .json index entry the development mailbox page lists.
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Env } from '../../../config/env.ts';

export interface MailboxEntry {
  /** File name without extension; the .eml and .json share it. */
  name: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
}

/** Safe mailbox names: what writeToMailbox makes, nothing with a path in it. */
export const MAILBOX_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,150}$/;

export function mailboxDir(env: Env): string {
  return join(env.DATA_DIR, 'mailbox');
}

async function writeAtomically(path: string, data: string | Buffer): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** Stores one message: the .eml first, then the index entry that makes it visible. */
export async function writeToMailbox(dir: string, entry: MailboxEntry, raw: Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeAtomically(join(dir, `${entry.name}.eml`), raw);
  await writeAtomically(join(dir, `${entry.name}.json`), JSON.stringify(entry));
}

/** Every message in the mailbox, newest first. */
export async function listMailbox(dir: string): Promise<MailboxEntry[]> {
  let files: string[];
  try {
    files = await readdir(dir);
  } catch {
    return [];
  }
  const entries = await Promise.all(
    files.filter((f) => f.endsWith('.json')).map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as MailboxEntry),
  );
  return entries.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.name.localeCompare(a.name)));
}

/** One message's index entry, or null. */
export async function readMailboxEntry(dir: string, name: string): Promise<MailboxEntry | null> {
  if (!MAILBOX_NAME.test(name)) return null;
  try {
    return JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as MailboxEntry;
  } catch {
    return null;
  }
}

/** One message's raw .eml, or null. */
export async function readMailboxRaw(dir: string, name: string): Promise<Buffer | null> {
  if (!MAILBOX_NAME.test(name)) return null;
  try {
    return await readFile(join(dir, `${name}.eml`));
  } catch {
    return null;
  }
}
