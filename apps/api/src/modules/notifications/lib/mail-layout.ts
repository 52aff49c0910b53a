// The saver notification mails' layout, rendered with React Email (@react-email/*): tables and
// inline styles that mail clients keep, one column that reads on a 390 px phone, the brand of the
// member's market (the Twin Cities green inside the area, SPEC.md 1), the unsubscribe link of the
// kind, the preference centre and the postal address. The plain-text part is made from the same
// HTML by the library. No JSX: the API runs its TypeScript as Node strips it.
import { createElement as h, type ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { render, toPlainText } from '@react-email/render';
import type { Brand } from '@market/domain/brand';
import { postalAddressLines } from '../../mail/lib/compose.ts';

export interface MailItem {
  title: string;
  /** e.g. the business and the town. */
  subtitle?: string;
  /** e.g. "Expires Friday, November 28". */
  detail?: string;
  url: string;
}

export interface NotificationMailView {
  brand: Brand;
  preheader: string;
  heading: string;
  intro: string[];
  items: MailItem[];
  action: { label: string; url: string };
  /** Why the member gets this mail (one sentence). */
  reason: string;
  unsubscribe: { label: string; url: string };
  preferencesUrl: string;
}

const FONT = 'Arial, Helvetica, sans-serif';
const TEXT = '#1f2933';
const MUTED = '#52606d';

function item(view: NotificationMailView, it: MailItem, index: number): ReactNode {
  return h(
    Section,
    { key: index, style: { borderTop: '1px solid #e4e7eb', padding: '12px 0' } },
    h(Link, { href: it.url, style: { color: view.brand.accent, fontFamily: FONT, fontSize: '17px', fontWeight: 'bold', textDecoration: 'none' } }, it.title),
    it.subtitle ? h(Text, { style: { margin: '4px 0 0', fontFamily: FONT, fontSize: '14px', color: TEXT } }, it.subtitle) : null,
    it.detail ? h(Text, { style: { margin: '2px 0 0', fontFamily: FONT, fontSize: '13px', color: MUTED } }, it.detail) : null,
  );
}

function NotificationMail(view: NotificationMailView): ReactNode {
  const p = (text: string, key: number) => h(Text, { key, style: { margin: '0 0 14px', fontFamily: FONT, fontSize: '16px', lineHeight: '24px', color: TEXT } }, text);
  const small = { margin: '0 0 8px', fontFamily: FONT, fontSize: '12px', lineHeight: '18px', color: MUTED };
  return h(
    Html,
    { lang: 'en' },
    h(Head, null, h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' })),
    h(Preview, null, view.preheader),
    h(
      Body,
      { style: { margin: 0, padding: '16px 8px', backgroundColor: '#f5f7fa' } },
      h(
        Container,
        { style: { maxWidth: '560px', width: '100%', backgroundColor: '#ffffff', borderRadius: '6px', borderTop: `6px solid ${view.brand.accent}` } },
        h(
          Section,
          { style: { padding: '24px 20px 8px' } },
          h(Text, { style: { margin: '0 0 16px', fontFamily: FONT, fontSize: '20px', fontWeight: 'bold', color: view.brand.accent } }, view.brand.siteName),
          h(Heading, { as: 'h1', style: { margin: '0 0 16px', fontFamily: FONT, fontSize: '22px', lineHeight: '28px', color: TEXT } }, view.heading),
          ...view.intro.map(p),
          ...view.items.map((it, i) => item(view, it, i)),
          h(
            Section,
            { style: { padding: '16px 0 8px' } },
            h(
              Button,
              { href: view.action.url, style: { backgroundColor: view.brand.accent, color: '#ffffff', borderRadius: '4px', padding: '12px 20px', fontFamily: FONT, fontSize: '16px', fontWeight: 'bold', textDecoration: 'none' } },
              view.action.label,
            ),
          ),
        ),
        h(Hr, { style: { borderColor: '#e4e7eb', margin: '8px 0' } }),
        h(
          Section,
          { style: { padding: '8px 20px 20px' } },
          h(Text, { style: small }, view.reason),
          h(
            Text,
            { style: small },
            h(Link, { href: view.unsubscribe.url, style: { color: view.brand.accent, textDecoration: 'underline' } }, view.unsubscribe.label),
            ' · ',
            h(Link, { href: view.preferencesUrl, style: { color: view.brand.accent, textDecoration: 'underline' } }, 'Manage your e-mail preferences'),
          ),
          h(Text, { style: small }, ...postalAddressLines().flatMap((line, i) => (i ? [h('br', { key: i }), line] : [line]))),
        ),
      ),
    ),
  );
}

/** The HTML and plain-text parts of a notification mail. */
export async function renderNotificationMail(view: NotificationMailView): Promise<{ html: string; text: string }> {
  const html = await render(h(NotificationMail, view));
  const text = toPlainText(html, { selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }] });
  return { html, text };
}
