// Special-edition headers (SPEC.md 2 Home): main text, sub text (hidden on small screens), alt
// text, image, optional badge and optional action button. The contests banner's button shows only
// when a featured contest exists.
import { Link } from 'react-router';
import type { SpecialEdition } from '../lib/content/special-editions.ts';

export function SpecialHeader({ edition, action }: { edition: SpecialEdition; action?: { label: string; href: string } | null }) {
  const button = action === undefined ? edition.action : action;
  return (
    <section className="special-header" aria-labelledby="special-heading">
      <img src={edition.image} alt={edition.alt} className="special-image" width={1280} height={320} />
      <div className="container special-text">
        {edition.badge ? <span className="badge badge-light">{edition.badge}</span> : null}
        <h1 id="special-heading">{edition.mainText}</h1>
        <p className="sub-text">{edition.subText}</p>
        {button ? (
          /^https?:/.test(button.href) ? (
            <a href={button.href} className="btn btn-primary" rel="noopener">
              {button.label}
            </a>
          ) : (
            <Link to={button.href} className="btn btn-primary" preventScrollReset>
              {button.label}
            </Link>
          )
        ) : null}
      </div>
    </section>
  );
}
