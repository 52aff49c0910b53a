// The account dropdown (SPEC.md 2 Header: logged in only): My Account, My Interests, Sign Out.
// Loaded on demand with the first logged-in header, so visitors never download the menu code.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';

export default function AccountMenu({ label, onSignOut }: { label: string; onSignOut: () => void }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="btn btn-small btn-outline account-trigger">
        {label} <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" sideOffset={4} align="end">
          <DropdownMenu.Item className="menu-item" asChild>
            <Link to="/user/account?info=1">My Account</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" asChild>
            <Link to="/user/account?interests=1">My Interests</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu-item" onSelect={onSignOut}>
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
