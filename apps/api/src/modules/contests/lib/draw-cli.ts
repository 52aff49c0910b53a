// `npm run contests:draw -- --contest <id> --winners N [--seed S]`
// Draws winners of a contest from its entries (see draw.ts), prints the draw (id, seed, eligible
// entries, winners) and queues each winner's e-mail for the server's mail worker. The seed printed (or given) reproduces the
// same pick from the same entries.
import { commandLogger, commandOptions, openCommandDatabase } from '../../../lib/cli.ts';
import { createMailQueue } from '../../mail/service.ts';
import { DrawError, MAX_SEED, drawWinners } from './draw.ts';
import { contestsMails } from './mails.ts';

const USAGE = `Usage: npm run contests:draw -- --contest <id> --winners N [--seed S]
  --contest  the contest id (contests.id)
  --winners  how many winners to draw (members who already won this contest are left out)
  --seed     a whole number from 0 to ${MAX_SEED}; default a random one, printed and recorded
With the embedded database, stop the server first (one process owns DATA_DIR).`;

function wholeNumber(text: string | undefined, name: string): number {
  if (text === undefined || !/^\d{1,16}$/.test(text.trim()) || !Number.isSafeInteger(Number(text))) throw new DrawError(`--${name} must be a whole number, got ${text ?? 'nothing'}`);
  return Number(text);
}

async function main(): Promise<number> {
  const parsed = commandOptions({ contest: { type: 'string' }, winners: { type: 'string' }, seed: { type: 'string' } }, USAGE);
  if ('exit' in parsed) return parsed.exit;
  const args = parsed.values;
  let input;
  try {
    input = { contestId: wholeNumber(args.contest, 'contest'), winners: wholeNumber(args.winners, 'winners'), seed: args.seed === undefined ? undefined : wholeNumber(args.seed, 'seed') };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }

  const { env, db } = await openCommandDatabase();
  // Only the contests' own kinds: this command queues winner mails and sends nothing itself.
  const mail = createMailQueue({ env, db }, contestsMails, commandLogger);
  try {
    // Queue only: the server's worker, which knows every kind of mail, sends them.
    await mail.start({ work: false });
    const draw = await drawWinners({ db, mail }, input);
    console.log(`Draw ${draw.drawId} of contest ${draw.contestId} (${draw.contestName}) at ${draw.drawnAt.toISOString()}`);
    console.log(`Seed ${draw.seed}; ${draw.eligibleEntries} eligible entries; ${draw.winners.length} of ${draw.winnersRequested} winners drawn.`);
    for (const w of draw.winners) console.log(`  winner ${w.winnerId}: ${w.firstName} ${w.lastName}, ${[w.city, w.state].filter(Boolean).join(' ')} (entry ${w.entryId}, member ${w.userId}) - ${w.winning}`);
    console.log(`${draw.winners.length} winner e-mail${draw.winners.length === 1 ? '' : 's'} queued; the server's mail worker sends them (at once if it is running, else when it starts).`);
    return 0;
  } catch (error) {
    if (error instanceof DrawError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await mail.stop();
    await db.close();
  }
}

process.exitCode = await main();
