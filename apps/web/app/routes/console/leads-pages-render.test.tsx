// What the lead and mailbox pages draw from their loader and action data: a 409 shows both
// versions; a mail's HTML sits in a frame that may run nothing.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import Lead from './lead.tsx';
import MailboxMessage from './mailbox-message.tsx';

const LEAD_DATA = {
  me: { id: 3, role: 'support' as const },
  assignees: null,
  lead: {
    id: 42,
    version: 3,
    kind: 'businesslead' as const,
    kindText: 'Business lead',
    market: 'Detroit',
    status: 'in_progress' as const,
    assignedTo: { id: 3, name: 'Sam Support' },
    summary: { name: 'Jo Builder', email: 'jo@builder.example', phone: null, company: null },
    trackingId: null,
    created: { iso: '2026-11-26T15:04:00Z', text: 'Nov 26, 2026, 10:04 AM EST' },
    updated: { iso: '2026-11-26T15:04:00Z', text: 'Nov 26, 2026, 10:04 AM EST' },
    details: [{ key: 'email', label: 'Email', value: 'jo@builder.example' }],
    notes: [],
  },
};

describe('lead page', () => {
  it('a status change answered 409 shows their saved version beside yours', async () => {
    const theirs = { id: 42, status: 'spam', assigned_to: { id: 1, name: 'Ada Admin' }, version: 4 };
    const Stub = createRoutesStub([
      {
        path: '/console/leads/:id',
        Component: Lead as never,
        loader: () => LEAD_DATA,
        action: () => ({ intent: 'status', ok: false, yours: { status: 'done' }, text: 'x', failure: { ok: false, kind: 'conflict', status: 409, message: 'Someone else changed this lead since you opened it.', current: theirs } }),
      },
    ]);
    const user = userEvent.setup();
    render(<Stub initialEntries={['/console/leads/42']} />);
    await user.click(await screen.findByRole('button', { name: 'Mark as done' }));
    // Assigned to this staff member already: only Unassign is offered.
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    const notice = await screen.findByRole('region', { name: 'Someone else changed this since you opened it' });
    const rows = within(notice).getAllByRole('row').map((row) => Array.from(row.children, (c) => c.textContent));
    expect(rows).toEqual([
      ['Field', 'Saved by someone else', 'Yours (not saved)'],
      ['Status', 'Spam', 'Done'],
    ]);
    expect(within(notice).getByRole('link', { name: 'Load their version' }).getAttribute('href')).toBe('/console/leads/42');
  });
});

describe('mailbox message page', () => {
  it('the HTML is in a sandboxed frame (no scripts, no same origin) and the text beside it', async () => {
    const frame = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"><p>Hi</p><script>parent.document.title = 'owned'</script>`;
    const Stub = createRoutesStub([
      {
        path: '/console/mailbox/:id',
        Component: MailboxMessage as never,
        loader: () => ({ smtp: false, mail: { subject: 'Welcome', to: 'pat@example.com', from: 'hello@localsaver.example', kind: 'welcome', date: { iso: '2026-11-26T15:04:00Z', text: 'Nov 26, 2026, 10:04 AM EST' }, text: 'Hi Pat', frame } }),
      },
    ]);
    render(<Stub initialEntries={['/console/mailbox/20261126-abc']} />);
    const iframe = (await screen.findByTitle('HTML version of “Welcome”')) as HTMLIFrameElement;
    expect(iframe.getAttribute('sandbox')).toBe('');
    expect(iframe.getAttribute('srcdoc')).toBe(frame);
    expect(iframe.getAttribute('src')).toBeNull();
    expect(screen.getByText('Hi Pat')).toBeTruthy();
  });

  it('in SMTP mode says there is no local mailbox', async () => {
    const Stub = createRoutesStub([{ path: '/console/mailbox/:id', Component: MailboxMessage as never, loader: () => ({ smtp: true, mail: null }) }]);
    render(<Stub initialEntries={['/console/mailbox/x']} />);
    expect((await screen.findByRole('status')).textContent).toBe('Mail is sent through SMTP; there is no local mailbox.');
  });
});
