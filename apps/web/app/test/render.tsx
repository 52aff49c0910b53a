// Renders a component as the pages do: inside a router and the member providers of the root
// layout, signed in (a stored session, as after a login) or signed out.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createRoutesStub, RouterContextProvider } from 'react-router';
import { storeSession, type SessionUser } from '../lib/member/auth-storage.ts';
import { MemberProvider } from '../lib/member/member.tsx';
import { webRequestContext } from '../lib/server/request-context.ts';
import { action as formsAction } from '../routes/forms.tsx';

export const MEMBER: SessionUser = { id: 7, name: 'Pat Saver', firstName: 'Pat' };

export function renderPage(ui: ReactNode, { signedIn = false, path = '/' }: { signedIn?: boolean; path?: string } = {}) {
  if (signedIn) storeSession('test-token', Date.now() / 1000 + 3600, MEMBER);
  // The public forms post to the real /forms/:kind action, which reaches the API through the
  // request context's transport: here the same stubbed fetch as the browser's calls.
  const context = new RouterContextProvider();
  context.set(webRequestContext, {
    nonce: '',
    publicUrl: 'http://localhost',
    secureCookies: false,
    api: (path, init = {}) => fetch(path, { method: init.method ?? 'GET', headers: init.headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) }),
  });
  const Stub = createRoutesStub(
    [
      { path: '/forms/:kind', action: formsAction as never },
      { path: '*', Component: () => <MemberProvider initialAuth={null}>{ui}</MemberProvider> },
    ],
    context,
  );
  const user = userEvent.setup();
  return { user, ...render(<Stub initialEntries={[path]} />) };
}
