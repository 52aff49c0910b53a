// /terms (SPEC.md 2 Routes, company pages; linked from the footer, the cookie banner and contests).
import { useLoaderData } from 'react-router';
import type { Route } from './+types/terms';
import { PageBanner } from '../components/content-page.tsx';
import { TERMS } from '../lib/server/legal.server.ts';
import { buildMeta } from '../lib/content/meta.ts';

export function loader() {
  return { doc: TERMS };
}

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: args.loaderData?.doc.title ?? 'Terms', description: args.loaderData?.doc.description ?? '', path: '/terms' });
}

export default function TermsPage() {
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
