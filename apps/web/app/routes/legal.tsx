// /terms and /privacy (SPEC.md 2 Routes, company pages; linked from the footer, the cookie banner
// and contests): one module serves both documents of lib/server/legal.server.ts.
import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/legal';
import { PageBanner } from '../components/content-page.tsx';
import { PRIVACY, TERMS } from '../lib/server/legal.server.ts';
import { buildMeta } from '../lib/content/meta.ts';

export function loader({ url }: Route.LoaderArgs) {
  // The normalised URL: a client navigation asks for /privacy.data.
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '/terms') return { path, doc: TERMS };
  if (path === '/privacy') return { path, doc: PRIVACY };
  throw data('Not Found', { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  const path = args.loaderData?.path;
  const fallback = path === '/terms' ? 'Terms' : path === '/privacy' ? 'Privacy' : '';
  return buildMeta(args, { title: args.loaderData?.doc.title ?? fallback, description: args.loaderData?.doc.description ?? '', path });
}

export default function LegalPage() {
  const { doc } = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner title={doc.title} lead={`Last updated ${doc.updated}`} tone="dark" />
      <div className="container page">
        <div className="prose" dangerouslySetInnerHTML={{ __html: doc.html }} />
      </div>
    </>
  );
}
