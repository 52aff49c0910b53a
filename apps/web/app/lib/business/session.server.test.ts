import { describe, expect, it } from 'vitest';
import { businessApiHeaders, businessToken, storeDeviceToken } from './session.server.ts';

const TOKEN = 'a'.repeat(20) + '_-B9';
// The DOM test environment drops a Request's Cookie header (a forbidden header in browsers): the
// helpers read only headers.get('cookie'), which this stands in for.
const request = (cookie: string | null) => ({ headers: { get: (name: string) => (name.toLowerCase() === 'cookie' ? cookie : null) } }) as unknown as Request;

describe('business session cookies', () => {
  it('reads business_session and store_device by their exact names', () => {
    const req = request(`auth=member-token-123456789; business_session=${TOKEN}; store_device=${TOKEN.toUpperCase()}`);
    expect(businessToken(req)).toBe(TOKEN);
    expect(storeDeviceToken(req)).toBe(TOKEN.toUpperCase());
    expect(businessApiHeaders(req)).toEqual({ authorization: `Bearer ${TOKEN}`, cookie: '', 'x-store-device': TOKEN.toUpperCase() });
  });

  it('ignores missing, malformed and look-alike cookies, and never forwards the saver’s own', () => {
    for (const cookie of [null, '', 'business_sessions=abcdefghijklmnopq', 'business_session=short', 'business_session=%E0%A4%A', `store_device=${'x'.repeat(300)}`, 'business_session=has space inside it']) {
      const req = request(cookie);
      expect(businessToken(req), String(cookie)).toBeNull();
      expect(storeDeviceToken(req), String(cookie)).toBeNull();
      expect(businessApiHeaders(req)).toEqual({ authorization: '', cookie: '' });
    }
  });
});
