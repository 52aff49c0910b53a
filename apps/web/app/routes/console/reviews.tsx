// /console/reviews: merchants' proposed offers waiting for review (GET /api/console/reviews/),
// oldest first, each with the offer as savers see it now beside the proposal, field by field
// (lib/console/audit-diff.ts), its fine print as savers will read it, and Approve or "Send back"
// with a note the merchant reads. Editors of the market. A proposal of a business the editor is on
// the team of says why someone else must review it instead of the buttons (the API refuses too).
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/reviews';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { DiffTable } from '../../components/console/diff-table.tsx';
import { Field, FormMessage } from '../../components/console/field.tsx';
import { auditDiff } from '../../lib/console/audit-diff.ts';
import { consoleApi, consolePageUrl } from '../../lib/console/console-api.server.ts';
import { formText } from '../../lib/console/form-values.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { ConsoleOffer } from '@market/domain/api/console-offers';
import { ReviewList } from '@market/domain/api/merchant-centre';
import { MARKETS, type MarketId } from '@market/domain/markets';
import { OWN_BUSINESS } from '@market/domain/separation-of-duties';

const DONE: Record<string, string> = { approved: 'Approved: the offer now shows to savers as proposed.', rejected: 'Sent back: the merchant sees your note.' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const list = await consoleApi(context, request).get('/api/console/reviews/', ReviewList);
  return {
    count: list.count,
    reviews: list.results.map((r) => ({
      id: r.id,
      offerId: r.offer_id,
      name: r.after.name,
      merchant: r.merchant,
      market: MARKETS[r.market_id as MarketId]?.name ?? r.market_id,
      isNew: r.is_new,
      submitted: r.submitted_at ? formatDateTime(r.submitted_at) : '',
      by: r.submitted_by,
      finePrint: r.fine_print_lines,
      badge: r.badge,
      diff: auditDiff(r.before ?? {}, r.after).filter((d) => r.is_new || d.changed),
      ownBusiness: r.own_business,
    })),
    done: DONE[consolePageUrl(request).searchParams.get('done') ?? ''] ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = Number(formText(form, 'id'));
  const api = consoleApi(context, request);
  if (!Number.isSafeInteger(id) || id < 1) return { id: 0, message: 'Choose a proposal.', fields: {} as Record<string, string[]> };
  const answer =
    formText(form, 'intent') === 'approve'
      ? await api.send('POST', `/api/console/reviews/${id}/approve/`, undefined, ConsoleOffer)
      : await api.send('POST', `/api/console/reviews/${id}/reject/`, { note: formText(form, 'note') });
  if (answer.ok) return { id, message: null, fields: {}, done: formText(form, 'intent') === 'approve' ? DONE.approved : DONE.rejected };
  return { id, message: answer.message, fields: answer.kind === 'invalid' ? answer.fields : {} };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function Reviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, count, done } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? String(navigation.formData?.get('id') ?? '') : '';
  return (
    <>
      <title>Offer review · Staff console</title>
      <h1>Offer review</h1>
      <p className="console-muted">Offers and changes businesses proposed, oldest first ({count} waiting). Savers see a proposal only once it is approved.</p>
      <FormMessage tone="success" message={actionData && 'done' in actionData ? actionData.done : done} />
      {reviews.length ? null : <p>Nothing waits for review.</p>}
      {reviews.map((r) => {
        const failure = actionData && actionData.id === r.id && !('done' in actionData) ? actionData : null;
        return (
          <section key={r.id} className="console-panel" aria-labelledby={`review-${r.id}`}>
            <h2 id={`review-${r.id}`}>{r.name}</h2>
            <p className="console-small">
              {r.isNew ? 'New offer' : 'Change to a published offer'} of <Link to={`/console/merchants/${r.merchant.id}`}>{r.merchant.name}</Link> · {r.market} · submitted {r.submitted}
              {r.by ? ` by ${r.by}` : ''} · <Link to={`/console/offers/${r.offerId}`}>offer #{r.offerId}</Link>
            </p>
            <DiffTable rows={r.diff} label={`${r.isNew ? 'Proposed fields' : 'Changes'} of ${r.name}`} />
            {r.badge ? (
              <p className="console-small">
                Value as savers will see it: <strong>{r.badge}</strong>
              </p>
            ) : null}
            {r.finePrint.length ? (
              <p className="console-small">
                Fine print as savers will read it: {r.finePrint.join(' · ')}
              </p>
            ) : null}
            <FormMessage message={failure?.message ?? null} />
            {r.ownBusiness ? (
              <p role="note" className="console-alert console-alert-warning">
                {OWN_BUSINESS}
              </p>
            ) : (
              <div className="console-actions">
                <Form method="post">
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" name="intent" value="approve" className="console-btn" disabled={busy === String(r.id)}>
                    Approve
                  </button>
                </Form>
                <Form method="post" className="console-form">
                  <input type="hidden" name="id" value={r.id} />
                  <Field label="Note to the business" name="note" required maxLength={2000} errors={failure?.fields.note} hint="Required to send it back: say what to change." />
                  <button type="submit" name="intent" value="reject" className="console-btn console-btn-secondary" disabled={busy === String(r.id)}>
                    Send back
                  </button>
                </Form>
              </div>
            )}
          </section>
        );
      })}
    </>
  );
}
