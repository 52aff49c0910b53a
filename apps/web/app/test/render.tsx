// Renders a component as the pages do: inside a router and the member providers of the root
// layout, signed in (a stored session, as after a login) or signed out.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { storeSession, type SessionUser } from '../lib/member/auth-storage.ts';
import { MemberProvider } from '../lib/member/member.tsx';

export const MEMBER: SessionUser = { id: 7, name: 'Pat Saver', firstName: 'Pat' };

export function renderPage(ui: ReactNode, { signedIn = false, path = '/' }: { signedIn?: boolean; path?: string } = {}) {
  if (signedIn) storeSession('test-token', Date.now() / 1000 + 3600, MEMBER);
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => <MemberProvider initialAuth={null}>{ui}</MemberProvider>,
    },
  ]);
  const user = userEvent.setup();
  return { user, ...render(<Stub initialEntries={[path]} />) };
}
