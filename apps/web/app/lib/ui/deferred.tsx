// Parts of the document the server draws in full but whose code is not among the page's
// first-load files (first-load JS, docs/performance.md): the footer, the cookie banner, the
// sign-up prompt, the error page. The client fetches a part's file as hydration reaches it and
// keeps the server's markup, untouched, until the file has arrived and the part hydrates.
// memo: a boundary still waiting for its file must not be re-rendered with new props (React
// would then replace the server's markup with the empty fallback until the file arrives).
import { memo, type ComponentType } from 'react';
import { latePart } from './late-parts.tsx';

/** A component drawn by the server and hydrated once its own file has loaded (late-parts.tsx). */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return memo(latePart(load));
}
