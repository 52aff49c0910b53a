// The merchant page's photo lightbox, loaded on first use (./photo-gallery.tsx): one photo large
// with its description, previous and next (buttons and the arrow keys), Escape or × to close
// (Radix Dialog through DialogShell: focus trapped, focus back to the photo that opened it).
import { useEffect } from 'react';
import type { PublicPhotoOut } from '@market/domain/api/merchant-photos';
import DialogShell from './dialog-shell.tsx';

interface Props {
  photos: readonly PublicPhotoOut[];
  index: number;
  name: string;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

export default function PhotoLightbox({ photos, index, name, onIndexChange, onClose }: Props) {
  const photo = photos[index]!;
  const many = photos.length > 1;
  const go = (step: number) => onIndexChange((index + step + photos.length) % photos.length);
  // The arrow keys anywhere in the open dialog (it traps focus, so the page itself gets none).
  useEffect(() => {
    if (!many) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'ArrowRight') onIndexChange((index + 1) % photos.length);
      else if (event.key === 'ArrowLeft') onIndexChange((index - 1 + photos.length) % photos.length);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [many, index, photos.length, onIndexChange]);
  return (
    <DialogShell open onOpenChange={(open) => (open ? undefined : onClose())} title={`Photos of ${name}`} className="dialog lightbox" closeLabel="Close photos">
      <figure className="lightbox-figure">
        <img src={photo.url} alt={photo.alt} width={photo.width ?? 1200} height={photo.height ?? 800} />
        <figcaption>
          <span>{photo.alt}</span>
          {many ? (
            <span className="muted" aria-live="polite">
              {' '}
              {index + 1} of {photos.length}
            </span>
          ) : null}
        </figcaption>
      </figure>
      {many ? (
        <p className="lightbox-nav">
          <button type="button" className="btn" onClick={() => go(-1)}>
            ‹ Previous
          </button>
          <button type="button" className="btn" onClick={() => go(1)}>
            Next ›
          </button>
        </p>
      ) : null}
    </DialogShell>
  );
}
