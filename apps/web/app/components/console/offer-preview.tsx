// The preview of an offer before (and after) it is published: the saver's own offer card (the
// component the saver pages render, fed the saved offer as the list API would answer it), the
// offer modal's content as the saver modal lays it out (its classes, without the modal's print,
// save, share and analytics parts, which would act on a draft), and the printed coupon itself: the
// PDF savers get, from the same renderer, marked "PREVIEW - NOT VALID FOR REDEMPTION"
// (routes/console/offer-coupon-preview.ts). The card and modal are inert: their links and
// buttons do nothing here. Imported by console routes only, so the card grows
// the console's chunk, never the saver's first load.
import { OfferCard } from '../offer-card.tsx';
import { ValueBadge } from '../value-badge.tsx';
import type { OfferListItem } from '@market/domain/api/catalogue';

export interface OfferPreview {
  card: OfferListItem;
  modal: {
    name: string;
    merchantName: string;
    logo: string | null;
    picture: string | null;
    featured: boolean;
    certified: boolean;
    expiry: string;
    address: string;
    externalUrl: string;
    finePrintLines: string[];
    value: OfferListItem['value'];
    badge: string | null;
    description: string;
    retailerTerms: string;
    consumerTerms: string;
  };
  /** The page of the coupon's PDF preview (/console/offers/{id}/preview.pdf). */
  couponPdf: string;
}

export function OfferPreviewPanel({ preview }: { preview: OfferPreview }) {
  const { card, modal, couponPdf } = preview;
  return (
    <section className="cat-preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <p className="console-muted console-small">The saved version, as savers will see it. Save your changes to see them here.</p>
      <div className="cat-preview-grid">
      <div className="cat-preview-frame" inert>
        <h3>Card</h3>
        <div className="cat-preview-card">
          <OfferCard offer={card} />
        </div>
      </div>
      <div className="cat-preview-frame" inert>
        <h3>Modal</h3>
        <div className="cat-modal-preview">
          <p className="modal-title">
            <strong>{modal.name}</strong>
          </p>
          <div className="offer-modal-body">
            <div className="offer-media">
              {modal.logo ? <img src={modal.logo} alt={`${modal.merchantName} logo`} width={120} height={120} className="offer-logo" /> : null}
              {modal.picture ? <img src={modal.picture} alt="" width={480} height={270} className="offer-picture" /> : null}
            </div>
            <div className="offer-info">
              <p className="offer-merchant">{modal.merchantName}</p>
              <ValueBadge value={modal.value} badge={modal.badge} size="modal" />
              <div className="row wrap">
                {modal.featured ? <span className="badge">Featured</span> : null}
                {modal.certified ? <span className="badge">Certified</span> : null}
              </div>
              <p className="offer-expiry">{modal.expiry}</p>
              <p className="offer-address">{modal.address}</p>
              <p className="console-muted console-small">[Print and Download buttons]</p>
              {modal.externalUrl ? <p className="btn btn-outline">Redeem Online</p> : null}
              {modal.finePrintLines.length ? (
                <section>
                  <h4>Fine Print</h4>
                  <ul className="fine-print small">
                    {modal.finePrintLines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </section>
              ) : null}
              <section>
                <h4>Details</h4>
                {modal.description ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: modal.description }} /> : <p className="muted">No further details.</p>}
              </section>
              {modal.retailerTerms ? (
                <section>
                  <h4>Retailer Terms</h4>
                  <div className="rich-text small" dangerouslySetInnerHTML={{ __html: modal.retailerTerms }} />
                </section>
              ) : null}
              {modal.consumerTerms ? (
                <section>
                  <h4>Consumer Terms</h4>
                  <div className="rich-text small" dangerouslySetInnerHTML={{ __html: modal.consumerTerms }} />
                </section>
              ) : null}
            </div>
          </div>
        </div>
      </div>
      <div className="cat-preview-frame cat-preview-coupon">
        <h3>Printed coupon</h3>
        <p className="console-small">
          The PDF savers print, from the same renderer, marked as a preview. Rendering it counts no print (each rendering is in the audit log).{' '}
          <a href={couponPdf} target="_blank" rel="noopener">
            Open the PDF
          </a>
        </p>
        {/* Closed until asked for: a lazy frame inside it is not fetched, so a page view renders no PDF. */}
        <details className="cat-coupon-details">
          <summary>Show the printed coupon here</summary>
          <iframe src={couponPdf} title="Printed coupon (PDF preview)" className="cat-coupon-pdf" loading="lazy" />
        </details>
      </div>
      </div>
    </section>
  );
}
