// Save / unsave for offers, locations and contests (SPEC.md 4 Save/unsave, 6: Save buttons only
// for logged-in members; hidden while the authentication state is unknown).
import { useState } from 'react';
import { type SavedKind, useSaved } from '../lib/member/saved.tsx';
import { useSession } from '../lib/member/session.tsx';

export function SaveButton({ kind, id, label, className = '' }: { kind: SavedKind; id: number; label: string; className?: string }) {
  const session = useSession();
  const saves = useSaved();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!session.auth) return null;
  const saved = saves.savedId(kind, id) !== undefined;
  const waiting = kind === 'offer' && saves.waiting.some((c) => c.offerId === id);
  return (
    <span className={`save-control ${className}`}>
      <button
        type="button"
        className="btn btn-small btn-outline save-button"
        aria-pressed={saved}
        disabled={busy || !saves.saved}
        onClick={async () => {
          setBusy(true);
          setError(await saves.toggleSave(kind, id));
          setBusy(false);
        }}
      >
        {saved ? 'Saved' : 'Save'}
        <span className="visually-hidden"> {label}</span>
      </button>
      {waiting ? <span className="small muted save-waiting">Waiting for the network</span> : null}
      {error ? (
        <span role="alert" className="field-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
