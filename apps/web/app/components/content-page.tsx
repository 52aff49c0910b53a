// The shell of the company, business, marketing and blog pages: a banner with the page's heading
// and lead text, then the page's sections. Long texts (terms, privacy, blog posts) use `.prose`.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../styles/content.css';

export function PageBanner({ eyebrow, title, lead, children, tone = 'accent' }: { eyebrow?: string; title: string; lead?: ReactNode; children?: ReactNode; tone?: 'accent' | 'dark' }) {
  return (
    <header className={`page-banner page-banner-${tone}`}>
      <div className="container page-banner-inner">
        {eyebrow ? <p className="eyebrow eyebrow-light">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {lead ? <p className="page-lead">{lead}</p> : null}
        {children ? <div className="banner-actions">{children}</div> : null}
      </div>
    </header>
  );
}

/** Breadcrumb trail for nested pages (business area, blog posts). */
export function Breadcrumbs({ trail }: { trail: ReadonlyArray<{ href?: string; label: string }> }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs container">
      <ol>
        {trail.map((item, i) => (
          <li key={`${item.label}-${i}`}>{item.href ? <Link to={item.href}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

export function FeatureGrid({ items, label }: { label: string; items: ReadonlyArray<{ title: string; text: ReactNode; href?: string; linkLabel?: string }> }) {
  return (
    <ul className="feature-grid" aria-label={label}>
      {items.map((item) => (
        <li key={item.title} className="feature">
          <h3>{item.title}</h3>
          <p>{item.text}</p>
          {item.href ? (
            <p>
              <Link to={item.href} className="feature-link">
                {item.linkLabel ?? `More about ${item.title}`}
              </Link>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
