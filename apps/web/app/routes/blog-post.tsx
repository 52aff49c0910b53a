// /blog/{slug}: one post, rendered from its Markdown file on the server (sanitised HTML).
import { data, Link, useLoaderData } from 'react-router';
import type { Route } from './+types/blog-post';
import { Breadcrumbs } from '../components/content-page.tsx';
import { findPost, listPosts } from '../lib/server/blog.server.ts';
import { buildMeta } from '../lib/content/meta.ts';
import '../styles/content.css';

export function loader({ params }: Route.LoaderArgs) {
  const post = findPost(params.slug);
  if (!post) throw data('Not Found', { status: 404 });
  const others = listPosts().filter((p) => p.slug !== post.slug).slice(0, 3);
  return { post, others };
}

export function meta(args: Route.MetaArgs) {
  const post = args.loaderData?.post;
  if (!post) return buildMeta(args, { title: 'Page Not Found', description: 'This page could not be found.', noindex: true });
  return [
    ...buildMeta(args, {
      title: post.title,
      description: post.description,
      path: `/blog/${post.slug}`,
      jsonLd: { '@context': 'https://schema.org', '@type': 'BlogPosting', headline: post.title, datePublished: post.date, author: { '@type': 'Person', name: post.author }, description: post.description },
    }),
    { property: 'og:type', content: 'article' },
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: 'LocalSaver Blog', href: '/blog/rss.xml' },
  ];
}

export default function BlogPostPage() {
  const { post, others } = useLoaderData<typeof loader>();
  return (
    <>
      <Breadcrumbs trail={[{ href: '/blog', label: 'Blog' }, { label: post.title }]} />
      <article className="container page" aria-labelledby="post-title">
        <header>
          <h1 id="post-title">{post.title}</h1>
          <p className="post-meta">
            <time dateTime={post.date}>{post.displayDate}</time> · {post.author}
          </p>
        </header>
        <div className="prose" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      {others.length ? (
        <aside className="container page" aria-labelledby="more-posts">
          <h2 id="more-posts">More from the blog</h2>
          <ul className="plain-list">
            {others.map((p) => (
              <li key={p.slug}>
                <Link to={`/blog/${p.slug}`}>{p.title}</Link>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
    </>
  );
}
