// /console: the dashboard. For now the sections this staff member may open, each with what it is
// for; figures and charts join it as the API's console calls arrive.
import { Link, useRouteLoaderData } from 'react-router';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { CONSOLE_HOME, ROLE_LABEL, sectionsFor } from '../../lib/console/sections.ts';
import type { loader as layoutLoader } from './layout.tsx';

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ConsoleErrorPage error={error} />;
}

export default function ConsoleDashboard() {
  const me = useRouteLoaderData<typeof layoutLoader>('routes/console/layout')?.me;
  if (!me) return null;
  const markets = me.markets === null ? 'every market' : me.markets.length ? me.markets.join(', ') : 'no market yet';
  return (
    <>
      <title>Dashboard · Staff console</title>
      <h1>Welcome, {me.first_name || me.email}</h1>
      <p className="console-muted">
        Signed in as {ROLE_LABEL[me.role].toLowerCase()} for {markets}.
      </p>
      <h2>What you can do here</h2>
      <ul className="console-tiles">
        {sectionsFor(me.role)
          .filter((s) => s.href !== CONSOLE_HOME)
          .map((section) => (
            <li key={section.href}>
              <Link to={section.href} className="console-tile">
                <strong>{section.label}</strong>
                <span>{section.description}</span>
              </Link>
            </li>
          ))}
      </ul>
    </>
  );
}
