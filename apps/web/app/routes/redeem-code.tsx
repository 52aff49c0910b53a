// /r/{code}: the page a coupon's QR code opens (docs/api.md "Redemption codes"). Anyone sees the
// offer, the merchant, the expiry, the conditions and ONE verdict: whether this copy may be
// honoured now (for the merchant's team or a paired till: here, now), or why not (already
// redeemed when and where, expired, void, another business's, wrong location with where it is
// valid, outside its days and hours with when it is next valid). A signed-in member of the
// merchant's team (business_session cookie) or a paired till (store_device cookie) gets Redeem only
// when the verdict allows it; the API lets it succeed exactly once.
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { CodeCheckOut } from '@market/domain/api/redemption-codes';
import { BUSINESS_TIMEZONE, formatDisplayDate } from '@market/domain/expiry';
import { formatRedemptionCode, parseRedemptionCode } from '@market/domain/redemption-code';
import type { Route } from './+types/redeem-code';
import { buildMeta } from '../lib/content/meta.ts';
import { checkCode, redeemCode, type CodeAnswer } from '../lib/business/redemption-codes.server.ts';
import { mayRedeem, verdictView, type CodeProblem, type CodeRefusal } from '../lib/business/code-verdict.ts';
import { RouteErrorPage } from '../components/error-page.tsx';
import { CodeEntryForm } from '../components/code-entry-form.tsx';
import '../styles/redeem.css';

/** "11/26/2026, 3:04 PM", in the business's time zone (formatted on the server: no hydration drift). */
function when(iso: string): string {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  const time = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIMEZONE, hour: 'numeric', minute: '2-digit' }).format(at);
  return `${day}, ${time}`;
}

interface CodeView {
  check: CodeCheckOut;
  expiresOn: string;
  validUntil: string | null;
}

function view(check: CodeCheckOut): CodeView {
  return {
    check,
    expiresOn: formatDisplayDate(check.expires_at),
    validUntil: check.valid_until ? when(check.valid_until) : null,
  };
}

type Problem = CodeProblem;

function problemOf(answer: Extract<CodeAnswer, { ok: false }>): Problem {
  return { status: answer.status, message: answer.fields.code?.[0] ?? answer.fields.location_id?.[0] ?? answer.message };
}

/** `?location_id=`: a manager's pick of where the verdict is for. */
function chosenLocation(request: Request): number | undefined {
  const raw = new URL(request.url).searchParams.get('location_id') ?? '';
  return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const parsed = parseRedemptionCode(params.code);
  if (!parsed.ok) return data({ code: (params.code ?? '').slice(0, 64), view: null, problem: { status: 400, message: parsed.error} as Problem }, { status: 400 });
  const shown = formatRedemptionCode(parsed.code);
  // One address per code: a typed or scanned variant (lower case, no dashes, O for 0) goes to it.
  if (params.code !== shown) throw redirect(`/r/${shown}`);
  const answer = await checkCode(context, request, shown, chosenLocation(request));
  if (!answer.ok) return data({ code: shown, view: null, problem: problemOf(answer) }, { status: answer.status });
  return { code: shown, view: view(answer.check), problem: null };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const parsed = parseRedemptionCode(params.code);
  if (!parsed.ok) return data({ ok: false as const, problem: { status: 400, message: parsed.error } as Problem, refusal: null, view: null }, { status: 400 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ ok: false as const, problem: { status: 400, message: 'Send the form again.' } as Problem, refusal: null, view: null }, { status: 400 });
  }
  const rawLocation = form.get('location_id');
  let locationId: number | undefined;
  if (typeof rawLocation === 'string' && rawLocation !== '') {
    if (!/^\d{1,9}$/.test(rawLocation)) return data({ ok: false as const, problem: { status: 400, message: 'Pick one of your locations.' } as Problem, refusal: null, view: null }, { status: 400 });
    locationId = Number(rawLocation);
  } else if (rawLocation !== null && typeof rawLocation !== 'string') {
    return data({ ok: false as const, problem: { status: 400, message: 'Pick one of your locations.' } as Problem, refusal: null, view: null }, { status: 400 });
  }
  const shown = formatRedemptionCode(parsed.code);
  const answer = await redeemCode(context, request, shown, locationId);
  if (!answer.ok) {
    // A redeem the verdict refused: the refusal is the page's verdict, beside the copy as it
    // stands now (redeemed by another till a moment ago, say). Anything else (no session, a bad
    // location) is a problem shown instead of a verdict.
    const refusal: CodeRefusal | null = answer.refusal;
    const now = refusal ? await checkCode(context, request, shown, locationId) : null;
    return data({ ok: false as const, problem: refusal ? null : problemOf(answer), refusal, view: now?.ok ? view(now.check) : null }, { status: answer.status });
  }
  return { ok: true as const, problem: null, refusal: null, view: view(answer.check) };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };
}

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Check a coupon code', description: 'Whether this coupon copy is valid, already redeemed, expired or void.', noindex: true });
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}

export default function RedeemCode() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const current = acted?.view ?? loaded.view;
  const redeemedNow = acted?.ok === true;
  const verdict = verdictView(current?.check ?? null, {
    problem: acted ? acted.problem : loaded.problem,
    refusal: acted?.refusal ?? null,
    redeemedNow,
  });
  // After a redeem or a refusal by the verdict the button goes: the page shows what happened. A
  // problem that is no verdict (pick a location, sign in again) leaves it for another try.
  const canRedeem = current !== null && mayRedeem(current.check) && !redeemedNow && !acted?.refusal;

  return (
    <div className="container page rc-page">
      <h1 className="rc-heading">Coupon code</h1>
      <p className="rc-code" aria-label="Code">
        {loaded.code}
      </p>

      {verdict ? (
        <section className={`rc-verdict rc-verdict-${verdict.tone}`} data-reason={verdict.key} role={verdict.tone === 'ok' ? 'status' : 'alert'}>
          <p className="rc-verdict-title">{verdict.title}</p>
          {verdict.message ? <p className="rc-verdict-message">{verdict.message}</p> : null}
          {verdict.validLocations.length ? (
            <ul className="rc-verdict-places" aria-label="Valid at">
              {verdict.validLocations.map((l) => (
                <li key={l.id}>
                  <strong>{l.name}</strong>
                  <br />
                  {l.address}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      {current ? <CodeDetails view={current} busy={busy} canRedeem={canRedeem} /> : null}

      <section className="rc-more" aria-labelledby="rc-more-title">
        <h2 id="rc-more-title">Check another code</h2>
        <CodeEntryForm />
        <p>
          <Link to="/r/scan">Scan a code with the camera</Link>
        </p>
      </section>
    </div>
  );
}

function CodeDetails({ view, busy, canRedeem }: { view: CodeView; busy: boolean; canRedeem: boolean }) {
  const { check } = view;
  const locations = check.redeemer?.locations ?? [];
  const preselected = locations.find((l) => l.id === check.valid_at.id)?.id ?? locations[0]?.id;
  return (
    <>
      <dl className="rc-facts">
        <dt>Offer</dt>
        <dd>{check.offer.name}</dd>
        <dt>Business</dt>
        <dd>{check.merchant.name}</dd>
        <dt>Valid at</dt>
        <dd>
          {check.valid_at.name}
          <br />
          <span className="muted">{check.valid_at.address}</span>
        </dd>
        <dt>Expires</dt>
        <dd>{view.expiresOn}</dd>
        {view.validUntil && check.status === 'valid' ? (
          <>
            <dt>Phone code works until</dt>
            <dd>{view.validUntil}</dd>
          </>
        ) : null}
      </dl>

      {check.conditions.length ? (
        <section className="rc-conditions" aria-labelledby="rc-conditions-title">
          <h2 id="rc-conditions-title">Conditions</h2>
          <ul>
            {check.conditions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {canRedeem ? (
        <Form method="post" className="rc-form">
          {locations.length > 1 ? (
            <label className="rc-location">
              Location
              <select name="location_id" defaultValue={preselected}>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                    {l.id === check.valid_at.id ? ' (valid here)' : ''}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <input type="hidden" name="location_id" value={locations[0]!.id} />
          )}
          <button type="submit" className="btn btn-primary rc-button" disabled={busy}>
            {busy ? 'Redeeming…' : 'Redeem'}
          </button>
        </Form>
      ) : check.verdict.redeemable && check.redeemer === null ? (
        <p className="muted rc-team-note">
          Work at {check.merchant.name}? <a href="/business/centre">Sign in to the business centre</a> or use a paired till to redeem this code.
        </p>
      ) : null}
    </>
  );
}
