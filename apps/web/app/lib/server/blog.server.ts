// The blog (docs/operations.md "Site content"): posts are Markdown files in app/content/blog/,
// named {date}-{slug}.md, with front matter (title, date, author, description, tags). Parsed once
// when the server starts.
import { renderMarkdown } from './markdown.server.ts';

export interface BlogPost {
  slug: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  /** MM/DD/YYYY (SPEC.md 9: dates shown MM/DD/YYYY). */
  displayDate: string;
  author: string;
  description: string;
  tags: string[];
  html: string;
}

export type BlogPostSummary = Omit<BlogPost, 'html'>;

const FILES = import.meta.glob('../../content/blog/*.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

function text(v: unknown, fallback = ''): string {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : fallback;
}

function load(): BlogPost[] {
  const posts: BlogPost[] = [];
  for (const [path, source] of Object.entries(FILES)) {
    const file = /(\d{4}-\d{2}-\d{2})-([a-z0-9-]+)\.md$/.exec(path);
    if (!file) throw new Error(`Blog post file name must be YYYY-MM-DD-slug.md: ${path}`);
    const { data, html } = renderMarkdown(source);
    const title = text(data.title);
    if (!title) throw new Error(`Blog post without a title: ${path}`);
    const date = text(data.date, file[1]).slice(0, 10);
    posts.push({
      slug: file[2]!,
      title,
      date,
      displayDate: displayDate(date),
      author: text(data.author, 'The LocalSaver team'),
      description: text(data.description),
      tags: Array.isArray(data.tags) ? data.tags.map((t) => text(t)).filter(Boolean) : [],
      html,
    });
  }
  return posts.sort((a, b) => (a.date === b.date ? a.slug.localeCompare(b.slug) : b.date.localeCompare(a.date)));
}

const POSTS = load();
const BY_SLUG = new Map(POSTS.map((p) => [p.slug, p]));

/** Every post, newest first, without bodies. */
export function listPosts(): BlogPostSummary[] {
  return POSTS.map(({ html: _html, ...summary }) => summary);
}

export function findPost(slug: string): BlogPost | null {
  return BY_SLUG.get(slug) ?? null;
}

/** 'YYYY-MM-DD' -> 'MM/DD/YYYY' (SPEC.md 9). */
function displayDate(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}
