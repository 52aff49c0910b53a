// /forms/:kind: the action every public form posts to (SPEC.md 2, 4, 5, 7, 8), and the page that
// shows a form on its own. With JavaScript the forms post through fetchers and stay where they
// are; without it the browser posts here and this page shows the answer (progressive enhancement).
// The kinds, their API calls and schemas are listed in lib/server/lead-submit.server.ts. Answers
// {ok, message, fields}: 5xx gives the generic text, 4xx the messages by field (SPEC.md 8).
import { data, Link, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/forms';
import { BusinessLeadForm, ContractorForm } from '../components/business-forms.tsx';
import { PageBanner } from '../components/content-page.tsx';
import type { FormAnswer, FormKind } from '../components/form-parts.tsx';
import { NewsletterForm, suggestDescription } from '../components/lead-forms.tsx';
import { MagazineLeadForm, MailingRemovalForm, SuggestForm } from '../components/lead-dialog-forms.tsx';
import { apiFrom } from '../lib/api/api.server.ts';
import { submitLeadForm } from '../lib/server/lead-submit.server.ts';
import { buildMeta } from '../lib/content/meta.ts';
import { SERVER_ERROR } from '../lib/api/member-api.ts';

const PAGES: Record<FormKind, { title: string; lead: string }> = {
  suggest: { title: 'Suggest Location', lead: suggestDescription('location') },
  'mailing-removal': { title: 'Mailing List Removal', lead: 'To stop receiving our magazine, we just need your address.' },
  newsletter: { title: 'Become a Member', lead: 'Get local deals in your inbox.' },
  'magazine-lead': { title: 'Get the Magazine', lead: 'Get the LocalSaver magazine mailed to your home, free.' },
  'business-lead': { title: 'Advertise With Us', lead: 'Tell us about your business and a local account manager will call you.' },
  contractor: { title: 'Contractor Application', lead: 'Apply to become a LocalSaver Certified HomePro.' },
};

function formKind(kind: string | undefined): FormKind {
  if (kind && kind in PAGES) return kind as FormKind;
  throw data('Not Found', { status: 404 });
}

export function loader({ params, request }: Route.LoaderArgs) {
  const kind = formKind(params.kind);
  const contractor = kind === 'suggest' && new URL(request.url).searchParams.get('kind') === 'contractor';
  return { kind, contractor };
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<FormAnswer> {
  const kind = formKind(params.kind);
  return submitLeadForm(apiFrom(context), kind, await request.formData(), request.headers.get('cookie'));
}

/**
 * In the browser the post goes through here: when the server's answer cannot be had (the
 * connection drops, a proxy answers 503) the form shows SPEC.md 8's failure text instead of the
 * page giving way to the error page.
 */
export async function clientAction({ serverAction, params }: Route.ClientActionArgs): Promise<FormAnswer> {
  try {
    return await serverAction();
  } catch {
    if (params.kind !== 'mailing-removal') return { ok: false, message: SERVER_ERROR };
    // Loaded only now: the schemas' module is large and a failure is rare.
    const texts = await import('@market/domain/validation/leads').catch(() => null);
    return { ok: false, message: texts?.MAIL_REMOVAL_FAILED ?? SERVER_ERROR };
  }
}

export function meta(args: Route.MetaArgs) {
  const kind = args.loaderData?.kind;
  if (!kind) return buildMeta(args, { title: 'Page Not Found', description: 'This page could not be found.', noindex: true });
  const page = args.loaderData?.contractor ? { title: 'Suggest a Contractor', lead: suggestDescription('contractor') } : PAGES[kind];
  return buildMeta(args, { title: page.title, description: page.lead, path: `/forms/${kind}`, noindex: true });
}

function FormFor({ kind, contractor, answer }: { kind: FormKind; contractor: boolean; answer: FormAnswer | null }) {
  switch (kind) {
    case 'suggest':
      return <SuggestForm kind={contractor ? 'contractor' : 'location'} initial={answer} />;
    case 'mailing-removal':
      return <MailingRemovalForm initial={answer} />;
    case 'newsletter':
      return <NewsletterForm initial={answer} />;
    case 'business-lead':
      return <BusinessLeadForm initial={answer} />;
    case 'contractor':
      return <ContractorForm initial={answer} />;
    case 'magazine-lead':
      return <MagazineLeadForm initial={answer} />;
  }
}

export default function FormPage() {
  const { kind, contractor } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  const page = contractor ? { title: 'Suggest a Contractor', lead: suggestDescription('contractor') } : PAGES[kind];
  return (
    <>
      <PageBanner title={page.title} lead={page.lead} tone="dark" />
      <div className="container page">
        <div className="panel form-page">
          <FormFor kind={kind} contractor={contractor} answer={answer} />
        </div>
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </div>
    </>
  );
}
