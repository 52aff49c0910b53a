// The public draw record of a contest as the page shows it (docs/operations.md "Contests and
// leads"): dates and times on the business calendar, winners as 'First L.' and a capitalised city.
// Formatted here, on the server, so the markup never depends on the browser's time zone or ICU data.
import type { PublicDrawRecordOut } from '@market/domain/api/console-contests';
import { capitalizeWords, winnerDisplayName } from '@market/domain/contest-winners';
import { BUSINESS_TIMEZONE, businessToday, formatDisplayDate } from '@market/domain/expiry';

/** The method whose steps the page explains (apps/api/src/modules/contests/lib/draw.ts DRAW_METHOD). */
export const SEEDED_SHUFFLE_V1 = 'seeded-shuffle-v1';

const TIME_FORMAT = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIMEZONE, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

export interface DrawView {
  drawnAt: string;
  /** 'MM/DD/YYYY' on the business calendar. */
  date: string;
  /** '3:00 PM EDT' in the business time zone. */
  time: string;
  seed: string;
  method: string;
  /** The method is seeded-shuffle-v1, the one the page explains step by step. */
  seededShuffle: boolean;
  entrants: number | null;
  eligibleEntries: number;
  winners: Array<{ name: string; city: string; state: string }>;
}

export interface DrawRecordView {
  contest: { id: number; name: string; startsOn: string; endsOn: string; ended: boolean };
  entryCount: number;
  draws: DrawView[];
}

/** The API's record shaped for the page; `today` (YYYY-MM-DD) decides whether the contest has ended. */
export function drawRecordView(record: PublicDrawRecordOut, today = businessToday()): DrawRecordView {
  return {
    contest: {
      id: record.contest.id,
      name: record.contest.display_name,
      startsOn: formatDisplayDate(record.contest.starts_at),
      endsOn: formatDisplayDate(record.contest.ends_at),
      ended: record.contest.ends_at.slice(0, 10) < today,
    },
    entryCount: record.entry_count,
    draws: record.draws.map((d) => {
      const at = new Date(d.drawn_at);
      return {
        drawnAt: at.toISOString(),
        date: formatDisplayDate(businessToday(at)),
        // ICU puts a narrow no-break space before AM/PM; a plain space reads the same everywhere.
        time: TIME_FORMAT.format(at).replace(/\u202f/g, ' '),
        seed: String(d.seed),
        method: d.method,
        seededShuffle: d.method === SEEDED_SHUFFLE_V1,
        entrants: d.entrants,
        eligibleEntries: d.eligible_entries,
        winners: d.winners.map((w) => ({ name: winnerDisplayName(w.first_name, w.last_initial), city: capitalizeWords(w.city), state: w.state.trim().toUpperCase() })),
      };
    }),
  };
}
