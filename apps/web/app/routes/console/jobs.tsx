// /console/jobs (admins): the jobs the app runs by itself (GET /api/console/jobs/), their last
// runs with the mails sent, members skipped and failures of the mail jobs, and "Run now" (POST
// /api/console/jobs/{name}/runs/: answered when the run finishes, or at once for the batched mail
// jobs, whose run then shows its progress here; 409 while a run of it is still going).
import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/jobs';
import { ConsoleErrorPage } from '../../components/console/console-error.tsx';
import { FormMessage } from '../../components/console/field.tsx';
import { consoleApi } from '../../lib/console/console-api.server.ts';
import { failureText, formText } from '../../lib/console/form-values.server.ts';
import { formatDateTime } from '../../lib/console/format.server.ts';
import { JobListOut, JobRunOut } from '@market/domain/api/console-dashboard';

const RUN_STATUS = { running: 'Running', succeeded: 'Succeeded', failed: 'Failed' } as const;
const RUNNING = 'A run of this job is still going. Wait for it to finish, then try again.';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { jobs } = await consoleApi(context, request).get('/api/console/jobs/', JobListOut);
  return {
    jobs: jobs.map((job) => ({
      name: job.name,
      description: job.description,
      schedule: job.schedule,
      runs: job.last_runs.map((run) => ({
        id: run.id,
        status: run.status,
        statusText: RUN_STATUS[run.status],
        started: { iso: run.started_at, text: formatDateTime(run.started_at) },
        finished: run.finished_at ? { iso: run.finished_at, text: formatDateTime(run.finished_at) } : null,
        detail: run.detail ?? '',
        by: run.triggered_by === null ? 'Schedule' : 'Staff',
        sent: run.sent,
        skipped: run.skipped,
        failed: run.failed,
      })),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const name = formText(form, 'name');
  if (!/^[a-z0-9-]{1,60}$/.test(name)) return { name, ok: false, message: 'Choose a job to run.' };
  const run = await consoleApi(context, request).send('POST', `/api/console/jobs/${name}/runs/`, undefined, JobRunOut);
  if (!run.ok) return { name, ok: false, message: run.kind === 'conflict' ? RUNNING : failureText(run) };
  if (run.data.status === 'running') return { name, ok: true, message: 'Run started: reload the page to follow its progress.' };
  return { name, ok: run.data.status !== 'failed', message: run.data.status === 'failed' ? `The run failed. ${run.data.detail ?? ''}`.trim() : `Run finished: ${RUN_STATUS[run.data.status].toLowerCase()}${run.data.detail ? ` (${run.data.detail})` : ''}.` };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleErrorPage error={error} />;
}

export default function Jobs({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const running = navigation.state === 'submitting' ? navigation.formData?.get('name') : null;
  return (
    <>
      <title>Jobs · Staff console</title>
      <h1>Jobs</h1>
      <p className="console-muted">What the app does by itself, and its last five runs. “Run now” waits for the run to finish, except the mail jobs, which go on in the background.</p>
      {loaderData.jobs.map((job) => (
        <section key={job.name} className="console-panel" aria-labelledby={`job-${job.name}`}>
          <div className="console-page-head">
            <h2 id={`job-${job.name}`}>{job.name}</h2>
            <Form method="post">
              <input type="hidden" name="name" value={job.name} />
              <button type="submit" className="console-btn" disabled={running === job.name} aria-label={`Run ${job.name} now`}>
                {running === job.name ? 'Running…' : 'Run now'}
              </button>
            </Form>
          </div>
          <p>{job.description}</p>
          <p className="console-small console-muted">Runs by itself: {job.schedule}</p>
          {actionData?.name === job.name ? <FormMessage tone={actionData.ok ? 'success' : 'error'} message={actionData.message} /> : null}
          {job.runs.length ? (
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls sideways on a phone: focusable so a keyboard can scroll it
            <div className="console-table-wrap" role="region" aria-label={`Last runs of ${job.name}`} tabIndex={0}>
              <table className="console-table console-table-stack">
                <caption className="console-sr">Last runs of {job.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">Started</th>
                    <th scope="col">Finished</th>
                    <th scope="col">Result</th>
                    <th scope="col">By</th>
                    <th scope="col">Sent</th>
                    <th scope="col">Skipped</th>
                    <th scope="col">Failed</th>
                    <th scope="col">Detail</th>
                  </tr>
                </thead>
                <tbody>
                  {job.runs.map((run) => (
                    <tr key={run.id}>
                      <td data-label="Started">
                        <time dateTime={run.started.iso}>{run.started.text}</time>
                      </td>
                      <td data-label="Finished">{run.finished ? <time dateTime={run.finished.iso}>{run.finished.text}</time> : '—'}</td>
                      <td data-label="Result">
                        <span className={`console-badge console-run-${run.status}`}>{run.statusText}</span>
                      </td>
                      <td data-label="By">{run.by}</td>
                      <td data-label="Sent">{run.sent}</td>
                      <td data-label="Skipped">{run.skipped}</td>
                      <td data-label="Failed">{run.failed}</td>
                      <td data-label="Detail">{run.detail}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="console-muted">No runs yet.</p>
          )}
        </section>
      ))}
    </>
  );
}
