// Terms of Use and Privacy Policy (docs/decisions.md "Blog, terms and privacy as Markdown"):
// Markdown documents in app/content/legal/, rendered once when the server starts.
import { renderMarkdown } from './markdown.server.ts';

const FILES = import.meta.glob('../../content/legal/*.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export interface LegalDocument {
  title: string;
  description: string;
  /** MM/DD/YYYY (SPEC.md 9). */
  updated: string;
  html: string;
}

function load(name: 'terms' | 'privacy'): LegalDocument {
  const source = FILES[`../../content/legal/${name}.md`];
  if (!source) throw new Error(`Missing legal document ${name}.md`);
  const { data, html } = renderMarkdown(source);
  const raw = data.updated instanceof Date ? data.updated.toISOString().slice(0, 10) : String(data.updated ?? '');
  return {
    title: String(data.title ?? name),
    description: String(data.description ?? ''),
    updated: /^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw.slice(5, 7)}/${raw.slice(8, 10)}/${raw.slice(0, 4)}` : raw,
    html,
  };
}

export const TERMS = load('terms');
export const PRIVACY = load('privacy');
