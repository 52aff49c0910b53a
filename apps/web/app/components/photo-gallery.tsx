// A merchant's photos on its saver page (docs/api.md "Merchant photos"): a grid of lazy images
// that reserve their space (width and height), each a button opening the lightbox. The lightbox's
// code (and Radix Dialog's) loads the first time a photo is opened, so the page's first-load JS
// grows only by this grid.
import { lazy, Suspense, useState } from 'react';
import type { PublicPhotoOut } from '@market/domain/api/merchant-photos';

const PhotoLightbox = lazy(() => import('./photo-lightbox.tsx'));

export function PhotoGallery({ photos, name }: { photos: readonly PublicPhotoOut[]; name: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!photos.length) return null;
  return (
    <section aria-labelledby="photos-heading" className="section">
      <h2 id="photos-heading">Photos</h2>
      <ul className="photo-grid" data-testid="photo-gallery">
        {photos.map((p, i) => (
          <li key={p.url}>
            <button type="button" className="photo-thumb" onClick={() => setOpen(i)}>
              <img src={p.url} alt={p.alt} width={p.width ?? 1200} height={p.height ?? 800} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <Suspense fallback={null}>
          <PhotoLightbox photos={photos} index={open} name={name} onIndexChange={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
