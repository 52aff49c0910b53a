// Any other path: a 404 page inside the site chrome.
import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { buildMeta } from '../lib/content/meta.ts';

export function loader() {
  throw data('Not Found', { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Page Not Found', description: 'This page could not be found.', noindex: true });
}

export default function NotFound() {
  return null;
}
