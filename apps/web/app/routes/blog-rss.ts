// /blog/rss.xml: the RSS 2.0 feed of the blog, newest first, with absolute links.
import type { Route } from './+types/blog-rss';
import { findPost, listPosts } from '../lib/server/blog.server.ts';
import { webRequestContext } from '../lib/server/request-context.ts';

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** RFC 822 date of a YYYY-MM-DD day (noon UTC, so every zone reads the same day). */
function rssDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toUTCString();
}

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = context.get(webRequestContext);
  const posts = listPosts();
  const items = posts
    .map((p) => {
      const url = `${publicUrl}/blog/${p.slug}`;
      const html = findPost(p.slug)?.html ?? '';
      return [
        '    <item>',
        `      <title>${escapeXml(p.title)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <pubDate>${rssDate(p.date)}</pubDate>`,
        `      <dc:creator>${escapeXml(p.author)}</dc:creator>`,
        ...p.tags.map((t) => `      <category>${escapeXml(t)}</category>`),
        `      <description>${escapeXml(p.description)}</description>`,
        `      <content:encoded>${escapeXml(html)}</content:encoded>`,
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>LocalSaver Blog</title>
    <link>${escapeXml(`${publicUrl}/blog`)}</link>
    <atom:link href="${escapeXml(`${publicUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>Savings tips, home projects, contests and news for local businesses.</description>
    <language>en-us</language>
${posts[0] ? `    <lastBuildDate>${rssDate(posts[0].date)}</lastBuildDate>\n` : ''}${items}
  </channel>
</rss>
`;
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' } });
}
