// Wallet calls (docs/api.md "Wallet"): the member's copy for the mobile coupon, and the Apple and
// Google passes, signed with throwaway keys made here and checked the way a wallet checks them.
import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@market/domain/expiry';
import { PRINT_LIMIT_REACHED } from '@market/domain/prints';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { signUpMember, type TestMember } from '../auth/members.fixtures.ts';
import { addLocation, addMerchant, addOffer, uid } from '../catalogue/catalogue.fixtures.ts';
import { startOfBusinessDay } from './lib/pass-content.ts';

const PUBLIC_URL = 'https://coupons.example';

function rsaKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** An X.509 certificate for `keys`, signed by `issuer` (itself when absent). */
function certificate(commonName: string, keys: { publicPem: string }, issuer?: { cert: forge.pki.Certificate; privatePem: string }, ownPrivatePem?: string) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicPem);
  cert.serialNumber = `0${Math.floor(Math.random() * 1e12).toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : [{ name: 'commonName', value: commonName }]);
  cert.setExtensions([{ name: 'basicConstraints', cA: !issuer }]);
  cert.sign(forge.pki.privateKeyFromPem(issuer?.privatePem ?? ownPrivatePem!), forge.md.sha256.create());
  return cert;
}

// Throwaway signing material: a WWDR-like authority and the pass type certificate it issued.
const wwdrKeys = rsaKeys();
const wwdrCert = certificate('Test WWDR', wwdrKeys, undefined, wwdrKeys.privatePem);
const signerKeys = rsaKeys();
const signerCert = certificate('Pass Type ID: pass.example.coupons', signerKeys, { cert: wwdrCert, privatePem: wwdrKeys.privatePem });
const googleKeys = rsaKeys();
const serviceAccount = JSON.stringify({ type: 'service_account', client_email: 'wallet@test-project.iam.gserviceaccount.com', private_key: googleKeys.privatePem });

let t: TestApp;
let bare: TestApp;
let member: TestMember;
let offer: { id: number; name: string; expiresAt: string };
let merchantName: string;

beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL,
    APPLE_PASS_TYPE_ID: 'pass.example.coupons',
    APPLE_TEAM_ID: 'ABCDE12345',
    APPLE_PASS_CERT: forge.pki.certificateToPem(signerCert),
    APPLE_PASS_KEY: signerKeys.privatePem,
    APPLE_WWDR_CERT: forge.pki.certificateToPem(wwdrCert),
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccount,
  });
  bare = await createTestApp();
  const [category] = await t.db.rows<{ id: number }>(sql`SELECT id FROM categories WHERE kind = 'main' ORDER BY id LIMIT 1`);
  merchantName = `Wallet Test ${uid()}`;
  const merchant = await addMerchant(t.db, { name: merchantName });
  const location = await addLocation(t.db, merchant, { lat: 42.4734, lng: -83.2219 });
  const expiresAt = addDays(t.today, 12);
  const made = await addOffer(t.db, location, category!, { name: `Two for one ${uid()}`, expiresAt, maxPrints: 3 });
  offer = { id: made.id, name: `${made.name ?? ''}`, expiresAt };
  const [row] = await t.db.rows<{ name: string }>(sql`SELECT name FROM offers WHERE id = ${made.id}`);
  offer.name = row!.name;
  member = await signUpMember(t.app);
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
});

async function copyOf(offerId: number, who: TestMember = member) {
  return t.app.inject({ method: 'POST', url: '/api/wallet/copies/', headers: who.headers, payload: { offer_id: offerId } });
}

describe('GET /api/wallet/', () => {
  it('names the passes the site can sign', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet/' })).json()).toEqual({ apple: true, google: true });
    expect((await bare.app.inject({ method: 'GET', url: '/api/wallet/' })).json()).toEqual({ apple: false, google: false });
  });
});

describe('POST /api/wallet/copies/', () => {
  it('issues one copy, counted like a download, then answers the same copy while it can be redeemed', async () => {
    const first = await copyOf(offer.id);
    expect(first.statusCode).toBe(201);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const body = first.json();
    expect(body).toMatchObject({ offer_id: offer.id, offer_name: offer.name, merchant_name: merchantName, expires_at: offer.expiresAt, prints: 1, limit: 3, reused: false });
    expect(body.code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(body.qr).toBe(`${PUBLIC_URL}/r/${body.code}`);
    const again = await copyOf(offer.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: body.id, code: body.code, prints: 1, reused: true });
    // The code is a real copy: anyone can check it.
    expect((await t.app.inject({ method: 'GET', url: `/api/redemption-codes/${body.code}/` })).json()).toMatchObject({ status: 'valid', offer: { id: offer.id } });
  });

  it('needs a member, a known offer, and room under the print limit', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/wallet/copies/', payload: { offer_id: offer.id } })).statusCode).toBe(401);
    const unknown = await copyOf(99_999_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toHaveProperty('offer_id');
    const missing = await t.app.inject({ method: 'POST', url: '/api/wallet/copies/', headers: member.headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toHaveProperty('offer_id');
    const other = await signUpMember(t.app);
    for (let i = 0; i < 3; i += 1) {
      const print = await t.app.inject({ method: 'POST', url: '/api/printtokens/', headers: other.headers, payload: { offer_id: offer.id } });
      expect(print.statusCode).toBe(201);
      await t.db.rows(sql`UPDATE print_copies SET redeemed_at = now() WHERE id = ${print.json().id as number}`);
    }
    const full = await copyOf(offer.id, other);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: PRINT_LIMIT_REACHED });
  });
});

describe('POST /api/wallet/apple-passes/', () => {
  it('answers a .pkpass whose manifest lists every file and whose signature verifies', async () => {
    const { code } = (await copyOf(offer.id)).json() as { code: string };
    const res = await t.app.inject({ method: 'POST', url: '/api/wallet/apple-passes/', headers: member.headers, payload: { offer_id: offer.id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="coupon-${offer.id}.pkpass"`);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png', 'icon@2x.png', 'logo.png']));

    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    expect(pass).toMatchObject({ formatVersion: 1, passTypeIdentifier: 'pass.example.coupons', teamIdentifier: 'ABCDE12345', organizationName: 'LocalSaver' });
    expect(pass.barcodes).toEqual([{ format: 'PKBarcodeFormatQR', message: `${PUBLIC_URL}/r/${code}`, messageEncoding: 'iso-8859-1', altText: code }]);
    expect(pass.coupon.primaryFields[0]).toMatchObject({ label: merchantName, value: offer.name });
    expect(pass.coupon.auxiliaryFields[0]).toMatchObject({ key: 'code', value: code });
    expect(new Date(pass.expirationDate).getTime()).toBe(startOfBusinessDay(addDays(offer.expiresAt, 1)).getTime());

    // manifest.json: the SHA-1 of every other file.
    const manifest = JSON.parse(Buffer.from(files['manifest.json']!).toString('utf8')) as Record<string, string>;
    for (const [name, bytes] of Object.entries(files)) {
      if (name === 'manifest.json' || name === 'signature') continue;
      expect(manifest[name], name).toBe(createHash('sha1').update(bytes).digest('hex'));
    }
    expect(Object.keys(manifest).sort()).toEqual(Object.keys(files).filter((n) => n !== 'manifest.json' && n !== 'signature').sort());

    // signature: PKCS#7 signed data, detached, over manifest.json, by the pass type certificate.
    const p7 = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(Buffer.from(files.signature!).toString('binary'))) as forge.pkcs7.PkcsSignedData & {
      rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string; content?: unknown };
    };
    expect(p7.rawCapture.content).toBeUndefined();
    expect(p7.certificates.map((c) => c.subject.getField('CN').value)).toEqual(expect.arrayContaining(['Test WWDR', 'Pass Type ID: pass.example.coupons']));
    const attributes = p7.rawCapture.authenticatedAttributes;
    const digestAttribute = attributes.find((a) => forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0]!.value as string) === forge.pki.oids.messageDigest!);
    const digest = (((digestAttribute!.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value as string);
    expect(Buffer.from(digest, 'binary').toString('hex')).toBe(createHash('sha1').update(files['manifest.json']!).digest('hex'));
    const signedAttributes = forge.asn1.toDer(forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes)).getBytes();
    const signerPublicKey = createPublicKey(forge.pki.publicKeyToPem(signerCert.publicKey));
    expect(verify('sha1', Buffer.from(signedAttributes, 'binary'), signerPublicKey, Buffer.from(p7.rawCapture.signature, 'binary'))).toBe(true);
    // A pass signed by another key does not verify.
    expect(verify('sha1', Buffer.from(signedAttributes, 'binary'), createPublicKey(wwdrKeys.publicPem), Buffer.from(p7.rawCapture.signature, 'binary'))).toBe(false);
    // The certificate chain: the pass type certificate was issued by the WWDR authority.
    expect(wwdrCert.verify(signerCert)).toBe(true);
  });

  it('is 404 with a clear message when Apple passes are not configured', async () => {
    const someone = await signUpMember(bare.app);
    const res = await bare.app.inject({ method: 'POST', url: '/api/wallet/apple-passes/', headers: someone.headers, payload: { offer_id: offer.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Apple Wallet passes are not available on this site.' });
  });
});

describe('POST /api/wallet/google-passes/', () => {
  it('answers a save link whose JWT verifies with the service account key and carries the code', async () => {
    const { code, id } = (await copyOf(offer.id)).json() as { code: string; id: number };
    const res = await t.app.inject({ method: 'POST', url: '/api/wallet/google-passes/', headers: member.headers, payload: { offer_id: offer.id } });
    expect(res.statusCode).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256' });
    const { payload } = await jwtVerify(jwt, await importSPKI(googleKeys.publicPem, 'RS256'), { issuer: 'wallet@test-project.iam.gserviceaccount.com', audience: 'google' });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: [PUBLIC_URL] });
    const body = payload.payload as { offerClasses: Array<Record<string, unknown>>; offerObjects: Array<Record<string, unknown>> };
    expect(body.offerClasses[0]).toMatchObject({ id: `3388000000012345678.offer-${offer.id}`, title: offer.name, provider: merchantName, redemptionChannel: 'INSTORE' });
    expect(body.offerObjects[0]).toMatchObject({
      id: `3388000000012345678.copy-${id}`,
      classId: `3388000000012345678.offer-${offer.id}`,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: `${PUBLIC_URL}/r/${code}`, alternateText: code },
      validTimeInterval: { end: { date: startOfBusinessDay(addDays(offer.expiresAt, 1)).toISOString() } },
    });
    // Another key does not verify it.
    await expect(jwtVerify(jwt, await importSPKI(rsaKeys().publicPem, 'RS256'))).rejects.toThrow();
  });

  it('is 404 when Google Wallet is not configured', async () => {
    const someone = await signUpMember(bare.app);
    const res = await bare.app.inject({ method: 'POST', url: '/api/wallet/google-passes/', headers: someone.headers, payload: { offer_id: offer.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Google Wallet passes are not available on this site.' });
  });
});

describe('wallet configuration', () => {
  it('is all or nothing, in one line', async () => {
    const { parseEnv } = await import('../../config/env.ts');
    expect(() => parseEnv({ APPLE_PASS_TYPE_ID: 'pass.example.coupons' })).toThrow(/APPLE_TEAM_ID.*Add to Apple Wallet/);
    expect(() => parseEnv({ GOOGLE_WALLET_ISSUER_ID: '3388000000012345678' })).toThrow(/GOOGLE_WALLET_SERVICE_ACCOUNT/);
  });
});
