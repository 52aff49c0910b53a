// The console's error page: what the staff member can do about it, in the console's words (the
// server module's 403 and 404 messages), and for anything else SPEC.md 8's generic text only.
import { isRouteErrorResponse, Link } from 'react-router';
import { CONSOLE_HOME } from '../../lib/console/sections.ts';

const GENERIC = 'There was an issue processing your request. Please try again later.';

function describe(error: unknown): { status: number; title: string; message: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const own = isRouteErrorResponse(error) && error.data && typeof error.data === 'object' && typeof (error.data as { message?: unknown }).message === 'string' ? (error.data as { message: string }).message : null;
  if (status === 403) return { status, title: 'You do not have access to this', message: own ?? 'You do not have access to this.' };
  if (status === 404) return { status, title: 'Not found', message: own ?? 'This page or record does not exist.' };
  if (status >= 400 && status < 500) return { status, title: 'This request could not be completed', message: own ?? GENERIC };
  return { status, title: 'Something went wrong', message: GENERIC };
}

export function ConsoleErrorPage({ error }: { error: unknown }) {
  const { status, title, message } = describe(error);
  return (
    <div className="console-error">
      <title>{`${title} · Staff console`}</title>
      <p className="console-muted console-small">Error {status}</p>
      <h1>{title}</h1>
      <p>{message}</p>
      <p className="console-actions">
        <Link to={CONSOLE_HOME} className="console-btn">
          Back to the dashboard
        </Link>
        {status === 403 ? <span className="console-muted">If you need it for your work, ask an administrator for access.</span> : null}
      </p>
    </div>
  );
}
