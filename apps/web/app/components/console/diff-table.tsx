// A before/after comparison, field by field (lib/console/audit-diff.ts): the audit log's entries
// and the offer review's proposals. Scrolls sideways on a phone.
import type { AuditDiffRow } from '../../lib/console/audit-diff.ts';

export function DiffTable({ rows, label }: { rows: readonly AuditDiffRow[]; label: string }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls sideways on a phone: focusable so a keyboard can scroll it
    <div className="console-diff-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="console-diff">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d.field} className={d.changed ? 'console-diff-changed' : undefined}>
              <th scope="row">
                {d.field}
                {d.changed ? <span className="console-diff-mark"> changed</span> : null}
              </th>
              <td data-label="Before">{d.block ? <pre>{d.before}</pre> : d.before}</td>
              <td data-label="After">{d.block ? <pre>{d.after}</pre> : d.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
