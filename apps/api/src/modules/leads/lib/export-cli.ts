// `npm run leads:export -- --kind <kind> [--out file]`
// Writes every lead of one kind as CSV (see export.ts) to a file, or to standard output.
import { createWriteStream } from 'node:fs';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { commandOptions, openCommandDatabase } from '../../../lib/cli.ts';
import { EXPORT_KINDS, exportLeadsCsv, type ExportKind } from './export.ts';

const USAGE = `Usage: npm run leads:export -- --kind <kind> [--out file]
  --kind  one of ${EXPORT_KINDS.join(', ')}
  --out   the CSV file to write (default: standard output); relative to the repository root
With the embedded database, stop the server first (one process owns DATA_DIR).`;

async function main(): Promise<number> {
  // npm runs the script at the repository root: --out is taken from there.
  const cwd = process.cwd();
  const parsed = commandOptions({ kind: { type: 'string' }, out: { type: 'string' } }, USAGE);
  if ('exit' in parsed) return parsed.exit;
  const args = parsed.values;
  if (!args.kind || !(EXPORT_KINDS as readonly string[]).includes(args.kind)) {
    console.error(`--kind must be one of ${EXPORT_KINDS.join(', ')}, got ${args.kind ?? 'nothing'}\n${USAGE}`);
    return 2;
  }
  const outPath = args.out ? resolve(cwd, args.out) : null;
  const { db } = await openCommandDatabase();
  try {
    // Standard output is never ended: wrap it so the export can finish its own stream.
    const out = outPath
      ? createWriteStream(outPath)
      : new Writable({ write: (chunk, _encoding, callback) => (process.stdout.write(chunk) ? callback() : process.stdout.once('drain', () => callback())) });
    const count = await exportLeadsCsv({ db }, args.kind as ExportKind, out);
    console.error(`${count} ${args.kind} record${count === 1 ? '' : 's'} exported${outPath ? ` to ${outPath}` : ''}.`);
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
