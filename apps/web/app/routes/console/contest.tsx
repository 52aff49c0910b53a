// /console/contests/:id (and /console/contests/new): a contest's edit form (GET, PATCH with the
// version read; a 409 shows both versions), its markets with the featured flag per market, its
// recorded draws and, once it has ended, "Run the draw" with a confirmation step
// (POST /api/console/contests/{id}/draws/). Links to the claims inbox and the public draw record.
import { Form, Link, redirect, useNavigation } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/contest';
import { ConflictNotice, type ConflictField } from '../../components/console/conflict-notice.tsx';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { Field, FormMessage, TextAreaField } from '../../components/console/field.tsx';
import { ImageUpload } from '../../components/console/image-upload.tsx';
import { RichTextEditor } from '../../components/console/rich-text-editor.tsx';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { contestStatusLabel, dayText, marketName, marketsText } from '../../lib/console/contest-format.ts';
import { failureText, formText, conflictRecord } from '../../lib/console/form-values.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { checkBody, formCheck, formLines, formList, formNumber, type FieldErrors } from '../../lib/console/schema-form.server.ts';
import { ConsoleContestOut, ContestDrawOut } from '@market/domain/api/console-contests';
import { MARKET_IDS } from '@market/domain/markets';
import { contestCreateSchema, contestUpdateSchema, drawSchema } from '@market/domain/validation/console-contests';

const ContestDetailOut = ConsoleContestOut.extend({ draws: z.array(ContestDrawOut) });

/** What the form holds: the contest's editable fields, as the API names them. */
export interface ContestFormValues {
  display_name: string;
  description: string;
  rules: string;
  prize: string;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
  sweepstakes_numbers: string[];
  markets: Array<{ market_id: string; is_featured: boolean }>;
}

const EMPTY_VALUES: ContestFormValues = { display_name: '', description: '', rules: '', prize: '', starts_at: '', ends_at: '', is_active: true, sweepstakes_numbers: [], markets: [] };

function valuesOf(contest: ConsoleContestOut): ContestFormValues {
  return {
    display_name: contest.display_name,
    description: contest.description,
    rules: contest.rules,
    prize: contest.prize,
    starts_at: contest.starts_at,
    ends_at: contest.ends_at,
    is_active: contest.is_active,
    sweepstakes_numbers: contest.sweepstakes_numbers,
    markets: contest.markets.map((m) => ({ market_id: m.market_id, is_featured: m.is_featured })),
  };
}

const IMAGE_SAVED: Record<string, string> = {
  banner: 'The new banner was saved. Savers see it at once.',
  picture: 'The new picture was saved. Savers see it at once.',
};

function contestId(params: { id?: string }): number | 'new' {
  if (params.id === 'new') return 'new';
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = contestId(params);
  if (id === 'new') return { contest: null, draws: [], created: false, uploaded: null };
  const contest = await consoleApi(context, request).get(`/api/console/contests/${id}/`, ContestDetailOut);
  const { draws, ...rest } = contest;
  return {
    contest: rest,
    // Written here in the business time zone: the page carries no date code.
    draws: draws.map((d) => ({ ...d, drawn_at_text: formatDateTime(d.drawn_at) })),
    created: consolePageUrl(request).searchParams.has('created'),
    uploaded: IMAGE_SAVED[consolePageUrl(request).searchParams.get('saved') ?? ''] ?? null,
  };
}

export type ContestActionData =
  | { intent: 'save'; ok: true; message: string }
  | { intent: 'save'; ok: false; values: ContestFormValues; fields: FieldErrors; message: string | null; conflict: { message: string; current: Record<string, unknown> } | null }
  | { intent: 'draw-review'; ok: true; winners: number; seed: number | null }
  | { intent: 'draw'; ok: false; winners: string; seed: string; fields: FieldErrors; message: string | null }
  | { intent: 'draw'; ok: true; winners: number; seed: number };

function readValues(form: FormData): ContestFormValues {
  const chosen = new Set(formList(form, 'market'));
  const featured = new Set(formList(form, 'featured'));
  return {
    display_name: formText(form, 'display_name'),
    description: formText(form, 'description'),
    rules: formText(form, 'rules'),
    prize: formText(form, 'prize'),
    starts_at: formText(form, 'starts_at'),
    ends_at: formText(form, 'ends_at'),
    is_active: formCheck(form, 'is_active'),
    sweepstakes_numbers: formLines(form, 'sweepstakes_numbers'),
    markets: MARKET_IDS.filter((m) => chosen.has(m) || featured.has(m)).map((m) => ({ market_id: m, is_featured: featured.has(m) })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<ContestActionData> {
  const id = contestId(params);
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const api = consoleApi(context, request);

  if (intent === 'draw-review' || intent === 'draw-confirm') {
    if (id === 'new') throw new Response(null, { status: 404 });
    const winnersText = formText(form, 'winners');
    const seedText = formText(form, 'seed');
    const checked = checkBody(drawSchema, { winners: formNumber(form, 'winners'), seed: formNumber(form, 'seed') ?? null });
    if (!checked.ok) return { intent: 'draw', ok: false, winners: winnersText, seed: seedText, fields: checked.fields, message: null };
    const seed = checked.body.seed ?? null;
    if (intent === 'draw-review') return { intent: 'draw-review', ok: true, winners: checked.body.winners, seed };
    const drawn = await api.send('POST', `/api/console/contests/${id}/draws/`, seed === null ? { winners: checked.body.winners } : { winners: checked.body.winners, seed }, ContestDrawOut);
    if (!drawn.ok) {
      const fields = drawn.kind === 'invalid' ? drawn.fields : {};
      const message = drawn.kind === 'invalid' ? [drawn.message, ...Object.entries(fields).filter(([k]) => k !== 'winners' && k !== 'seed').flatMap(([, v]) => v)].filter(Boolean).join(' ') || null : drawn.message;
      return { intent: 'draw', ok: false, winners: winnersText, seed: seedText, fields, message };
    }
    return { intent: 'draw', ok: true, winners: drawn.data.winners_selected, seed: drawn.data.seed };
  }

  const values = readValues(form);
  const featuredOutside = formList(form, 'featured').filter((m) => !formList(form, 'market').includes(m));
  const refused = (fields: FieldErrors, message: string | null = null): ContestActionData => ({ intent: 'save', ok: false, values, fields, message, conflict: null });
  if (featuredOutside.length) return refused({ markets: ['Tick a market to feature the contest there.'] });

  if (id === 'new') {
    const checked = checkBody(contestCreateSchema, values);
    if (!checked.ok) return refused(checked.fields);
    const made = await api.send('POST', '/api/console/contests/', checked.body, ConsoleContestOut);
    if (!made.ok) return made.kind === 'invalid' ? refused(made.fields, made.message) : refused({}, failureText(made));
    throw redirect(`/console/contests/${made.data.id}?created=1`);
  }

  const checked = checkBody(contestUpdateSchema, { ...values, version: formNumber(form, 'version') });
  if (!checked.ok) return refused(checked.fields);
  const saved = await api.send('PATCH', `/api/console/contests/${id}/`, checked.body, ConsoleContestOut);
  if (saved.ok) return { intent: 'save', ok: true, message: 'The contest is saved. Savers see the change at once.' };
  if (saved.kind === 'conflict') {
    return { intent: 'save', ok: false, values, fields: {}, message: null, conflict: { message: saved.message, current: conflictRecord(saved.current) } };
  }
  return refused(saved.fields, saved.message);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

function htmlText(value: unknown): string {
  const text = typeof value === 'string' ? value.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : '';
  if (!text) return '(empty)';
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

export const CONTEST_CONFLICT_FIELDS: readonly ConflictField[] = [
  { name: 'display_name', label: 'Name' },
  { name: 'prize', label: 'Prize' },
  { name: 'starts_at', label: 'First day', format: (v) => dayText(String(v ?? '')) || '(empty)' },
  { name: 'ends_at', label: 'Last day', format: (v) => dayText(String(v ?? '')) || '(empty)' },
  { name: 'is_active', label: 'Active' },
  { name: 'markets', label: 'Markets', format: marketsText },
  { name: 'sweepstakes_numbers', label: 'Winning numbers' },
  { name: 'description', label: 'Description', format: htmlText },
  { name: 'rules', label: 'Rules', format: htmlText },
];

export default function ContestPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { contest, draws, created, uploaded } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const save = actionData?.intent === 'save' ? actionData : null;
  const failed = save && !save.ok ? save : null;
  const values = failed ? failed.values : contest ? valuesOf(contest) : EMPTY_VALUES;
  const fields = failed?.fields ?? {};
  const version = contest?.version ?? 1;
  const title = contest ? contest.display_name : 'New contest';
  const chosen = new Set(values.markets.map((m) => m.market_id));
  const featured = new Set(values.markets.filter((m) => m.is_featured).map((m) => m.market_id));
  const entities = contest ? contest.markets.filter((m) => m.entity_ids.length) : [];

  return (
    <>
      <title>{`${title} · Contests · Staff console`}</title>
      <p className="console-small">
        <Link to="/console/contests">Contests</Link>
      </p>
      <div className="console-title-row">
        <h1>{title}</h1>
        {contest ? <span className={`console-badge console-badge-${contest.status}`}>{contestStatusLabel(contest.status)}</span> : null}
      </div>
      {contest ? (
        <ul className="console-inline-links">
          <li>
            <Link to={`/console/contests/${contest.id}/claims`}>Sweepstakes claims</Link>
          </li>
          {entities.map((m) => (
            <li key={m.market_id}>
              <a href={`/contests/${m.entity_ids[0]}/draws`}>Public draw record ({marketName(m.market_id)})</a>
            </li>
          ))}
          <li className="console-muted">
            {contest.entry_count.toLocaleString('en-US')} {contest.entry_count === 1 ? 'entry' : 'entries'} · slug {contest.slug}
          </li>
        </ul>
      ) : null}
      {created && !save ? <FormMessage tone="success" message="The contest is created." /> : null}
      {uploaded && !actionData ? <FormMessage tone="success" message={uploaded} /> : null}
      {save?.ok ? <FormMessage tone="success" message={save.message} /> : null}
      {failed?.conflict ? (
        <ConflictNotice message={failed.conflict.message} theirs={failed.conflict.current} yours={failed.values as unknown as Record<string, unknown>} fields={CONTEST_CONFLICT_FIELDS} reloadHref={`/console/contests/${params.id}`} />
      ) : null}
      {failed && !failed.conflict ? <FormMessage message={failed.message ?? 'Check the highlighted fields and try again.'} /> : null}

      <Form method="post" className="console-form console-panel" key={`${version}-${failed ? 'failed' : 'saved'}`}>
        <input type="hidden" name="intent" value="save" />
        {contest ? <input type="hidden" name="version" value={version} /> : null}
        <Field label="Name" name="display_name" defaultValue={values.display_name} errors={fields.display_name} required maxLength={200} />
        <Field label="Prize" name="prize" defaultValue={values.prize} errors={fields.prize} required maxLength={300} />
        <div className="console-grid-2">
          <Field label="First day" name="starts_at" type="date" defaultValue={values.starts_at} errors={fields.starts_at} required />
          <Field label="Last day" name="ends_at" type="date" defaultValue={values.ends_at} errors={fields.ends_at} required hint="Entries close at the end of this day (Detroit time)." />
        </div>
        <RichTextEditor name="description" label="Description" initialHtml={values.description} errors={fields.description} />
        <RichTextEditor name="rules" label="Official rules" initialHtml={values.rules} errors={fields.rules} />
        <TextAreaField
          label="Sweepstakes winning numbers"
          name="sweepstakes_numbers"
          defaultValue={values.sweepstakes_numbers.join('\n')}
          errors={fields.sweepstakes_numbers}
          hint="One number a line. Claims whose numbers match come first in the claims inbox."
          rows={4}
        />
        <fieldset className="console-fieldset" aria-describedby={fields.markets ? 'contest-markets-error' : undefined}>
          <legend>Markets</legend>
          <p className="console-hint">Where savers see the contest. Featuring it makes it the featured contest of that market (the market's other featured contest is unset).</p>
          <table className="console-table console-markets">
            <thead>
              <tr>
                <th scope="col">Market</th>
                <th scope="col">Shown</th>
                <th scope="col">Featured</th>
              </tr>
            </thead>
            <tbody>
              {MARKET_IDS.map((m) => (
                <tr key={m}>
                  <th scope="row">{marketName(m)}</th>
                  <td>
                    <input type="checkbox" name="market" value={m} defaultChecked={chosen.has(m)} aria-label={`Shown in ${marketName(m)}`} />
                  </td>
                  <td>
                    <input type="checkbox" name="featured" value={m} defaultChecked={featured.has(m)} aria-label={`Featured in ${marketName(m)}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {fields.markets ? (
            <span id="contest-markets-error" className="console-field-error">
              {fields.markets.join(' ')}
            </span>
          ) : null}
        </fieldset>
        <label className="console-check">
          <input type="checkbox" name="is_active" defaultChecked={values.is_active} />
          <span>Active (savers can see and enter it while it runs)</span>
        </label>
        {fields.version ? <FormMessage message={fields.version.join(' ')} /> : null}
        <div className="console-actions">
          <button type="submit" className="console-btn" disabled={busy}>
            {contest ? 'Save changes' : 'Create contest'}
          </button>
          <Link to="/console/contests">Cancel</Link>
        </div>
      </Form>

      {contest ? (
        <div className="console-grid-2 console-images">
          <ImageUpload action={`/console/contests/${contest.id}/banner`} kind="banner" current={contest.banner_path} shape="At most 1920 wide (shown up to 960 × 240)." shownOn="on the home page banner and in the contest window" />
          <ImageUpload action={`/console/contests/${contest.id}/picture`} kind="picture" current={contest.picture_path} shape="At most 1200 wide (shown 480 × 270)." shownOn="on the contest cards" />
        </div>
      ) : null}

      {contest ? <DrawsSection contest={contest} draws={draws} actionData={actionData} busy={busy} /> : null}
    </>
  );
}

type LoadedDraw = ContestDrawOut & { drawn_at_text: string };

function DrawsSection({ contest, draws, actionData, busy }: { contest: ConsoleContestOut; draws: LoadedDraw[]; actionData: ContestActionData | undefined; busy: boolean }) {
  const review = actionData?.intent === 'draw-review' ? actionData : null;
  const drawFailed = actionData?.intent === 'draw' && !actionData.ok ? actionData : null;
  const drawDone = actionData?.intent === 'draw' && actionData.ok ? actionData : null;
  return (
    <section aria-labelledby="draws-heading">
      <h2 id="draws-heading">Draws</h2>
      {drawDone ? <FormMessage tone="success" message={`The draw is recorded: ${drawDone.winners} ${drawDone.winners === 1 ? 'winner' : 'winners'}, seed ${drawDone.seed}. The winners are mailed.`} /> : null}
      {draws.length === 0 ? <p className="console-muted">No draw has been run for this contest.</p> : null}
      {draws.map((d) => (
        <article key={d.id} className="console-panel console-draw">
          <h3>
            Drawn <time dateTime={d.drawn_at}>{d.drawn_at_text}</time>
          </h3>
          <dl className="console-facts">
            <div>
              <dt>Seed</dt>
              <dd>
                <code>{d.seed}</code>
              </dd>
            </div>
            <div>
              <dt>Method</dt>
              <dd>
                <code>{d.method}</code>
              </dd>
            </div>
            <div>
              <dt>Entrants</dt>
              <dd>{d.entrants ?? 'Not recorded'}</dd>
            </div>
            <div>
              <dt>Eligible entries</dt>
              <dd>{d.eligible_entries}</dd>
            </div>
            <div>
              <dt>Winners</dt>
              <dd>
                {d.winners_selected} of {d.winners_requested} asked
              </dd>
            </div>
            <div>
              <dt>Run by</dt>
              <dd>{d.ran_by === null ? 'Command line' : `Staff #${d.ran_by}`}</dd>
            </div>
          </dl>
          {d.winners.length ? (
            <ol className="console-winners">
              {d.winners.map((w) => (
                <li key={w.id}>
                  {w.first_name} {w.last_name} · {[w.city, w.state].filter(Boolean).join(', ')}
                  {w.winning ? <span className="console-muted"> · {w.winning}</span> : null}
                </li>
              ))}
            </ol>
          ) : null}
        </article>
      ))}

      <h3>Run the draw</h3>
      {contest.status !== 'ended' ? (
        <p className="console-muted">A draw can be run once the contest has ended (after {dayText(contest.ends_at)}, Detroit time).</p>
      ) : review ? (
        <Form method="post" className="console-panel console-confirm">
          <input type="hidden" name="intent" value="draw-confirm" />
          <input type="hidden" name="winners" value={review.winners} />
          <input type="hidden" name="seed" value={review.seed ?? ''} />
          <p role="status">
            <strong>
              Draw {review.winners} {review.winners === 1 ? 'winner' : 'winners'} from {contest.entry_count.toLocaleString('en-US')} {contest.entry_count === 1 ? 'entry' : 'entries'}
            </strong>{' '}
            with {review.seed === null ? 'a random seed (it is recorded with the draw)' : `the seed ${review.seed}`}. Members who already won this contest are not eligible. The winners are
            mailed at once and the draw cannot be undone.
          </p>
          <div className="console-actions">
            <button type="submit" className="console-btn" disabled={busy}>
              Yes, run the draw
            </button>
            <Link to={`/console/contests/${contest.id}`} className="console-btn console-btn-secondary">
              Cancel
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post" className="console-form console-panel">
          <input type="hidden" name="intent" value="draw-review" />
          {drawFailed?.message ? <FormMessage message={drawFailed.message} /> : null}
          <div className="console-grid-2">
            <Field label="Number of winners" name="winners" type="number" min={1} max={100} step={1} required defaultValue={drawFailed?.winners ?? '1'} errors={drawFailed?.fields.winners} />
            <Field label="Seed (optional)" name="seed" inputMode="numeric" defaultValue={drawFailed?.seed ?? ''} errors={drawFailed?.fields.seed} hint="Leave empty for a random seed; either way it is recorded and published." />
          </div>
          <div className="console-actions">
            <button type="submit" className="console-btn" disabled={busy}>
              Review the draw
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
