// The console's sections: the left navigation and the dashboard's list are drawn from this one
// list. A section shows to the roles that may open it (COMMON "Console foundation": admin
// everything; editor merchants, offers, contests, content; support leads and members); the API
// guards the same calls, so this only spares a staff member links that would answer 403.
// The dashboard's address is `/console/` (see CONSOLE_HOME).
import type { z } from 'zod';
import type { StaffRoleOut } from '@market/domain/api/staff';

export type StaffRole = z.infer<typeof StaffRoleOut>;

/**
 * The dashboard, with its slash: a client-side navigation fetches its data from `/console/_.data`,
 * which the console_session cookie (Path=/console) reaches; `/console` would fetch `/console.data`,
 * which it does not (a cookie's path must be followed by `/`).
 */
export const CONSOLE_HOME = '/console/';

export interface ConsoleSection {
  href: string;
  label: string;
  description: string;
  roles: readonly StaffRole[];
}

const EVERYONE: readonly StaffRole[] = ['admin', 'editor', 'support'];

export const CONSOLE_SECTIONS: readonly ConsoleSection[] = [
  { href: CONSOLE_HOME, label: 'Dashboard', description: 'Today at a glance: what needs attention and how the site is doing.', roles: EVERYONE },
  { href: '/console/merchants', label: 'Merchants', description: 'Merchants, their locations and opening hours, licences and the people who run them.', roles: ['admin', 'editor'] },
  { href: '/console/offers', label: 'Offers', description: 'Create, schedule, pause and review offers, and see what savers see.', roles: ['admin', 'editor'] },
  { href: '/console/reviews', label: 'Offer review', description: 'Offers and changes businesses proposed: approve them or send them back with a note.', roles: ['admin', 'editor'] },
  { href: '/console/contests', label: 'Contests', description: 'Contests, their entries and the recorded winner draws.', roles: ['admin', 'editor'] },
  { href: '/console/content', label: 'Content', description: 'Callouts and the other content of the saver pages.', roles: ['admin', 'editor'] },
  { href: '/console/leads', label: 'Leads', description: 'Leads from the forms: assign, note, close and export them.', roles: ['admin', 'support'] },
  { href: '/console/members', label: 'Members', description: 'Saver accounts: look one up, help with sign-in and e-mail problems.', roles: ['admin', 'support'] },
  { href: '/console/redemption-attempts', label: 'Code attempts', description: 'Refused coupon codes: wrong business or location, photocopies, guesses.', roles: ['admin', 'support'] },
  { href: '/console/newsletter', label: 'Newsletter', description: 'Whether an address is on the newsletter list, and since when.', roles: ['admin', 'support'] },
  { href: '/console/staff', label: 'Staff', description: 'Staff accounts, their roles and markets, invitations and sign-in resets.', roles: ['admin'] },
  { href: '/console/audit', label: 'Audit log', description: 'Who changed what, and when, across the console.', roles: ['admin'] },
  { href: '/console/mailbox', label: 'Mailbox', description: 'The mails the site wrote when it runs without a mail server.', roles: ['admin'] },
  { href: '/console/jobs', label: 'Jobs', description: 'What the app does by itself, its last runs, and running one now.', roles: ['admin'] },
  { href: '/console/sessions', label: 'Sessions', description: 'Where you are signed in; end a session you do not recognise.', roles: EVERYONE },
  { href: '/console/account', label: 'Your account', description: 'Your e-mail address, recovery codes and authenticator app (each asks for your password).', roles: EVERYONE },
];

export function sectionsFor(role: StaffRole): ConsoleSection[] {
  return CONSOLE_SECTIONS.filter((s) => s.roles.includes(role));
}

/** Whether a section's link is the page shown (the dashboard only for itself). */
export function isCurrentSection(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return href === CONSOLE_HOME ? path === '/console' : path === href || path.startsWith(`${href}/`);
}

export const ROLE_LABEL: Record<StaffRole, string> = { admin: 'Administrator', editor: 'Editor', support: 'Support' };
