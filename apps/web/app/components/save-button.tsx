// Save / unsave for offers, locations and contests (SPEC.md 4 Save/unsave, 6: Save buttons only
// for logged-in members; hidden while the authentication state is unknown).
import { useState } from 'react';
import { useMember, type SavedKind } from '../lib/member/member.tsx';

export function SaveButton({ kind, id, label, className = '' }: { kind: SavedKind; id: number; label: string; className?: string }) {
  const member = useMember();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!member.auth) return null;
  const saved = member.savedId(kind, id) !== undefined;
  return (
    <span className={`save-control ${className}`}>
      <button
        type="button"
        className="btn btn-small btn-outline save-button"
        aria-pressed={saved}
        disabled={busy || !member.saved}
        onClick={async () => {
          setBusy(true);
          setError(await member.toggleSave(kind, id));
          setBusy(false);
        }}
      >
        {saved ? 'Saved' : 'Save'}
        <span className="visually-hidden"> {label}</span>
      </button>
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
