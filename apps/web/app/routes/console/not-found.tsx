// /console/* that no page answers: a 404 inside the console's shell (signed in), not the saver's.
import { data } from 'react-router';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { CONSOLE_NOT_FOUND, type ConsoleErrorBody } from '../../lib/console/console-api.server.ts';

export function loader() {
  throw data<ConsoleErrorBody>({ message: CONSOLE_NOT_FOUND }, { status: 404 });
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ConsoleErrorPage error={error} />;
}

export default function ConsoleNotFound() {
  return null;
}
