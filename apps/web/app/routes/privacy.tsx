// /privacy (SPEC.md 2 Routes, company pages; linked from the footer, the cookie banner and contests).
import { useLoaderData } from 'react-router';
import type { Route } from './+types/privacy';
import { PageBanner } from '../components/content-page.tsx';
import { PRIVACY } from '../lib/server/legal.server.ts';
import { buildMeta } from '../lib/content/meta.ts';

export function loader() {
  return { doc: PRIVACY };
}

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: args.loaderData?.doc.title ?? 'Privacy', description: args.loaderData?.doc.description ?? '', path: '/privacy' });
}

export default function PrivacyPage() {
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
