// What the server (apps/api/src/web/mount.ts) hands every request: the CSP nonce, the public origin
// and the one way loaders reach the API (in-process app.inject, or fetch to API_URL).
import { createContext } from 'react-router';

export interface ApiRequestInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body, or a FormData sent as multipart/form-data (the console's image uploads). */
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Hand the answer's body on as it arrives instead of collecting it first (a CSV download):
   * in-process the injected reply is read as a stream; with API_URL only the wait for the status
   * line is timed, not the body.
   */
  stream?: boolean;
}

/** Calls the API with a site path ('/api/...'); forwards the visitor's cookies, authorization and address. */
export type ApiFetch = (path: string, init?: ApiRequestInit) => Promise<Response>;

export interface WebRequestContext {
  nonce: string;
  /** PUBLIC_URL without a trailing slash: canonical URLs, Open Graph, share links, sitemap. */
  publicUrl: string;
  /** Whether cookies should carry the Secure flag (PUBLIC_URL is https). */
  secureCookies: boolean;
  /** MAP_STYLE_URL: the map view's style; unset, the embedded basemap. */
  mapStyleUrl?: string | undefined;
  api: ApiFetch;
}

export const webRequestContext = createContext<WebRequestContext>();
