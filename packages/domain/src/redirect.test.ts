import { describe, expect, it } from 'vitest';
import { isForgedRedirect, safeRedirectPath } from './redirect.ts';

const ORIGIN = 'https://localsaver.example';

describe('safeRedirectPath', () => {
  it('keeps a path, query and fragment on our own site', () => {
    expect(safeRedirectPath('/browse/food?page=2#top', ORIGIN)).toBe('/browse/food?page=2#top');
  });

  it.each(['//evil.example', '/\\evil.example', '/\t/evil.example', '/%09/evil.example'.replace('%09', '\t'), '/.//evil.example', 'https://evil.example/', 'javascript:alert(1)', '', null, undefined, 42])(
    'sends %j back to the home page',
    (value) => {
      expect(safeRedirectPath(value, ORIGIN)).toBe('/');
    },
  );

  it('calls a value with control characters forged', () => {
    expect(isForgedRedirect('/\n/evil.example')).toBe(true);
    expect(isForgedRedirect('/account')).toBe(false);
  });
});
