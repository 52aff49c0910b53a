// Share options (SPEC.md 2 Coupon modal: link, email, facebook, twitter; 4 Share copy: 'Copied!'
// for 5 s, then 'Copy Link'). The shared link never carries lat, lng, city or state.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useState } from 'react';
import { COPY_LABEL_MS } from '@market/domain/constants';
import { shareTargets, stripLocationFromLink, type ShareMethod } from '@market/domain/share-link';
import { recordEvent } from '../lib/api/analytics.ts';

export function ShareMenu({ link, title, offerId, locationId }: { link: string; title: string; offerId?: number; locationId?: number }) {
  const url = stripLocationFromLink(link);
  const targets = shareTargets(url, title);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const id = setTimeout(() => setCopied(false), COPY_LABEL_MS);
    return () => clearTimeout(id);
  }, [copied]);
  const track = (method: ShareMethod) => recordEvent('entity.share', { location: locationId, method, offer: offerId });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="btn btn-outline btn-small" data-share-url={url}>
        Share
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" sideOffset={4} align="end">
          <DropdownMenu.Item
            className="menu-item"
            onSelect={(event) => {
              event.preventDefault();
              track('link');
              void navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => setCopied(true),
              );
            }}
          >
            <span aria-live="polite">{copied ? 'Copied!' : 'Copy Link'}</span>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" asChild onSelect={() => track('email')}>
            <a href={targets.email}>Email</a>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" asChild onSelect={() => track('facebook')}>
            <a href={targets.facebook} target="_blank" rel="noopener noreferrer">
              Facebook
            </a>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" asChild onSelect={() => track('twitter')}>
            <a href={targets.twitter} target="_blank" rel="noopener noreferrer">
              Twitter
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
