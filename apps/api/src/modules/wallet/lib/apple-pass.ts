// "Add to Apple Wallet": a coupon-style .pkpass signed with the configured pass type certificate
// (passkit-generator writes pass.json, manifest.json with each file's SHA-1 and the detached
// PKCS#7 signature of the manifest).
import { readFileSync } from 'node:fs';
import { PKPass } from 'passkit-generator';
import type { ApplePassConfig } from '../../../config/env.ts';
import type { PassContent } from './pass-content.ts';

const IMAGES = ['icon', 'icon@2x', 'icon@3x', 'logo', 'logo@2x'] as const;
const imageCache = new Map<string, Buffer>();

function image(brand: string, name: string): Buffer {
  const key = `${brand}-${name}`;
  let bytes = imageCache.get(key);
  if (!bytes) {
    bytes = readFileSync(new URL(`./pass-images/${key}.png`, import.meta.url));
    imageCache.set(key, bytes);
  }
  return bytes;
}

/** "rgb(r, g, b)" of a #rrggbb colour, as pass.json wants it. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The signed .pkpass of one copy. */
export function applePass(config: ApplePassConfig, content: PassContent): Buffer {
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    serialNumber: `copy-${content.copyId}`,
    organizationName: content.brand.siteName,
    description: `${content.merchantName}: ${content.offerName}`,
    logoText: content.brand.siteName,
    backgroundColor: rgb(content.brand.accent),
    foregroundColor: 'rgb(255, 255, 255)',
    labelColor: 'rgb(255, 255, 255)',
    coupon: {
      primaryFields: [{ key: 'offer', label: content.merchantName, value: content.offerName }],
      secondaryFields: [{ key: 'expires', label: 'Expires', value: content.expiresOn }],
      auxiliaryFields: [{ key: 'code', label: 'Code', value: content.code }],
      backFields: [
        { key: 'redeem', label: 'How to redeem', value: 'Show this pass at the counter: the cashier scans the QR code or types the code.' },
        ...(content.terms ? [{ key: 'terms', label: 'Terms', value: content.terms }] : []),
      ],
    },
    barcodes: [{ format: 'PKBarcodeFormatQR', message: content.qr, messageEncoding: 'iso-8859-1', altText: content.code }],
  };
  const files: Record<string, Buffer> = { 'pass.json': Buffer.from(JSON.stringify(passJson)) };
  for (const name of IMAGES) files[`${name}.png`] = image(content.brand.id, name);
  const pass = new PKPass(files, {
    wwdr: config.wwdr,
    signerCert: config.signerCert,
    signerKey: config.signerKey,
    ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}),
  });
  pass.setExpirationDate(content.endsAt);
  return pass.getAsBuffer();
}
