// Markdown kept in the repository (blog posts, terms, privacy): front matter read with `yaml`,
// the body rendered with `marked`, and the HTML passed through the document allow-list of
// the domain sanitiser (@market/domain/html) before any component sees it. Files are bundled at build time
// (import.meta.glob), so the server never reads the disk at request time.
import { Marked } from 'marked';
import { slugify } from '@market/domain/category-lists';
import { parse as parseYaml } from 'yaml';
import { sanitizeDocument } from '@market/domain/html';

export interface MarkdownFile {
  data: Record<string, unknown>;
  html: string;
}

// Headings get ids from their text so sections can be linked (/terms#official-sweepstakes-rules).
const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth, text }) {
      return `<h${depth} id="${slugify(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
  },
});

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Splits the YAML front matter from the body and renders the body to sanitised HTML. */
export function renderMarkdown(source: string): MarkdownFile {
  const match = FRONT_MATTER.exec(source);
  const parsed: unknown = match ? parseYaml(match[1]!) : {};
  const data = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const body = match ? source.slice(match[0].length) : source;
  const html = marked.parse(body, { async: false });
  return { data, html: sanitizeDocument(html) };
}
