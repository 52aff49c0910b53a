// /r: type a coupon's code (docs/api.md "Redemption codes"). The form posts here; a readable code
// opens /r/{code}, anything else is answered 400 with what is wrong. The same page as a scan.
import { data, Link, redirect, useActionData } from 'react-router';
import { formatRedemptionCode, parseRedemptionCode } from '@market/domain/redemption-code';
import type { Route } from './+types/redeem-entry';
import { buildMeta } from '../lib/content/meta.ts';
import { CodeEntryForm } from '../components/code-entry-form.tsx';
import '../styles/redeem.css';

export async function action({ request }: Route.ActionArgs) {
  let typed: FormDataEntryValue | null = null;
  try {
    typed = (await request.formData()).get('code');
  } catch {
    typed = null;
  }
  const parsed = parseRedemptionCode(typeof typed === 'string' ? typed : '');
  if (!parsed.ok) return data({ error: parsed.error, value: typeof typed === 'string' ? typed.slice(0, 64) : '' }, { status: 400 });
  throw redirect(`/r/${formatRedemptionCode(parsed.code)}`);
}

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Check a coupon code', description: 'Type the code printed on a coupon to check or redeem it.', noindex: true });
}

export default function RedeemEntry() {
  const acted = useActionData<typeof action>();
  return (
    <div className="container page rc-page">
      <h1 className="rc-heading">Check a coupon code</h1>
      <p className="muted">Type the code printed under the barcode or shown on the customer’s phone. Dashes and capitals are optional.</p>
      <CodeEntryForm error={acted?.error} value={acted?.value} />
      <p>
        <Link to="/r/scan">Scan a code with the camera instead</Link>
      </p>
    </div>
  );
}
