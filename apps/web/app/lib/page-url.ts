/**
 * The address of the page a loader or action runs for, as the browser shows it. A client-side
 * navigation asks for the page's data at `/x.data` (`/_root.data` for `/`, `/x/_.data` for `/x/`)
 * with a `_routes` parameter, and loaders get that request as sent: links a loader builds from it
 * must not carry `.data` (the map toggle did, and the next click asked for `/browse/all.data.data`).
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname === '/_root.data') url.pathname = '/';
  else if (url.pathname.endsWith('/_.data')) url.pathname = url.pathname.slice(0, -'_.data'.length);
  else url.pathname = url.pathname.replace(/\.data$/, '');
  url.searchParams.delete('_routes');
  return url;
}
