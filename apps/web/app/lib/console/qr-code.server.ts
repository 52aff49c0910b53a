// The authenticator set-up's QR code, drawn on the server as SVG markup (no image request, no
// script; the page's CSP allows neither data: images nor inline scripts).
import QRCode from 'qrcode';

/** An otpauth:// address as an SVG QR code (error correction M, a 2-module quiet zone). */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}

/** A TOTP secret in groups of four, for typing it into an app by hand. */
export function groupedSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
