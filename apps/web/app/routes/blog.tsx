// /blog (SPEC.md 2 Routes; page type Blog): the list of posts, newest first, with the RSS feed.
import { Link, useLoaderData } from 'react-router';
import type { Route } from './+types/blog';
import { PageBanner } from '../components/content-page.tsx';
import { listPosts } from '../lib/server/blog.server.ts';
import { buildMeta } from '../lib/content/meta.ts';

export function loader() {
  return { posts: listPosts() };
}

export function meta(args: Route.MetaArgs) {
  return [
    ...buildMeta(args, { title: 'Blog', description: 'Savings tips, home projects, contests and news for local businesses from the LocalSaver team.', path: '/blog' }),
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: 'LocalSaver Blog', href: '/blog/rss.xml' },
  ];
}

export default function Blog() {
  const { posts } = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner eyebrow="The LocalSaver blog" title="Blog" lead="Savings tips, home projects, contests and news for local businesses." tone="dark">
        <a href="/blog/rss.xml" className="btn btn-light">
          RSS feed
        </a>
      </PageBanner>
      <div className="container page">
        {posts.length ? (
          <ul className="post-list" aria-label="Posts">
            {posts.map((post) => (
              <li key={post.slug}>
                <article className="post-card">
                  <p className="post-meta">
                    <time dateTime={post.date}>{post.displayDate}</time> · {post.author}
                  </p>
                  <h2>
                    <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                  </h2>
                  <p>{post.description}</p>
                  {post.tags.length ? (
                    <ul className="tag-list" aria-label="Tags">
                      {post.tags.map((t) => (
                        <li key={t} className="chip">
                          {t}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">No posts yet. Check back soon.</p>
        )}
      </div>
    </>
  );
}
