// Drawing of the generated images: merchant logos, offer pictures, hero and
// state banners, special-edition headers, contest art, callouts and category icons. Pure
// functions of their inputs; every piece of text goes through escapeMarkup. No inline `style`
// attributes (the API's CSP forbids them if an image is opened on its own).
import { escapeMarkup } from '../../../lib/escape-markup.ts';

const FONT = 'Helvetica, Arial, sans-serif';

function svg(width: number, height: number, body: string, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeMarkup(title)}"><title>${escapeMarkup(title)}</title>${body}</svg>`;
}

/** FNV-1a: a stable 32-bit hash of a text, for colours and shapes that follow a name. */
function hash32(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A hue (0-359) that stays the same for the same text. */
export function hueOf(text: string): number {
  return hash32(text) % 360;
}

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360}, ${s}%, ${l}%)`;

function gradient(id: string, from: string, to: string, vertical = false): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 1}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Greedy word wrap into at most `maxLines` lines of about `maxChars`; the last line gets an ellipsis when cut. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  let i = 0;
  for (; i < words.length; i++) {
    const word = words[i]!.length > maxChars ? `${words[i]!.slice(0, maxChars - 1)}…` : words[i]!;
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && line) {
    lines.push(line);
    line = '';
  }
  if (i < words.length || line) {
    const last = lines[lines.length - 1] ?? '';
    lines[lines.length - 1] = `${last.slice(0, Math.max(0, maxChars - 1)).replace(/\s+\S*$/, '') || last.slice(0, maxChars - 1)}…`;
  }
  return lines;
}

function textLines(lines: string[], x: number, y: number, size: number, options: { anchor?: 'start' | 'middle'; weight?: number; fill?: string; lineHeight?: number } = {}): string {
  const lh = options.lineHeight ?? 1.15;
  return lines
    .map((line, i) => `<text x="${x}" y="${y + i * size * lh}" font-family="${FONT}" font-size="${size}" font-weight="${options.weight ?? 700}" fill="${options.fill ?? '#fff'}" text-anchor="${options.anchor ?? 'start'}">${escapeMarkup(line)}</text>`)
    .join('');
}

/**
 * Simple pictograms in a 100 x 100 box, drawn in `color`: one per main category and home-pros
 * group, plus a car for lease and purchase offers.
 */
export function motif(name: string, color = '#fff'): string {
  const f = `fill="${color}"`;
  const s = `stroke="${color}" fill="none" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"`;
  switch (name) {
    case 'food-dining':
      return `<circle cx="50" cy="52" r="30" ${s}/><circle cx="50" cy="52" r="18" ${s}/><path d="M10 20v22M4 20v14a6 6 0 0 0 12 0V20M10 48v40M90 20c-8 6-8 22 0 28v40" ${s}/>`;
    case 'home-improvement':
      return `<path d="M12 50 50 16l38 34" ${s}/><path d="M22 44v42h56V44" ${s}/><rect x="42" y="60" width="16" height="26" ${f}/>`;
    case 'auto-transportation':
    case 'car':
      return `<path d="M8 66V52l12-20h56l14 20v14z" ${f}/><rect x="28" y="38" width="18" height="12" rx="2" fill="#0003"/><rect x="52" y="38" width="20" height="12" rx="2" fill="#0003"/><circle cx="28" cy="68" r="11" ${f} stroke="#0004" stroke-width="4"/><circle cx="72" cy="68" r="11" ${f} stroke="#0004" stroke-width="4"/>`;
    case 'travel-entertainment':
      return `<path d="M10 30h80v12a8 8 0 0 0 0 16v12H10V58a8 8 0 0 0 0-16z" ${f}/><path d="M64 32v36" stroke="#0004" stroke-width="4" stroke-dasharray="5 5"/><path d="m36 38 4 8 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z" fill="#0003"/>`;
    case 'health-beauty':
      return `<path d="M50 86C18 62 8 46 14 30c6-16 28-18 36-2 8-16 30-14 36 2 6 16-4 32-36 56z" ${f}/>`;
    case 'retail-fashion':
      return `<path d="M18 34h64l-6 54H24z" ${f}/><path d="M36 40V28a14 14 0 0 1 28 0v12" ${s}/>`;
    case 'special-services':
      return `<path d="m50 8 12 26 28 3-21 19 6 28-25-15-25 15 6-28-21-19 28-3z" ${f}/>`;
    case 'contests':
      return `<path d="M30 14h40v20a20 20 0 0 1-40 0z" ${f}/><path d="M30 20H16a14 14 0 0 0 16 18M70 20h14a14 14 0 0 1-16 18" ${s}/><path d="M44 54h12v14H44zM32 72h36v12H32z" ${f}/>`;
    case 'kitchen-bath':
      return `<path d="M50 10C38 28 26 42 26 58a24 24 0 0 0 48 0c0-16-12-30-24-48z" ${f}/><path d="M38 60a12 12 0 0 0 12 12" stroke="#0003" stroke-width="5" fill="none"/>`;
    case 'outdoors':
      return `<path d="M50 8 22 46h14L16 72h68L64 46h14z" ${f}/><rect x="44" y="72" width="12" height="18" ${f}/>`;
    case 'service-repair':
      return `<path d="M62 10a22 22 0 0 0-20 30L12 70a8 8 0 0 0 0 12l6 6a8 8 0 0 0 12 0l30-30a22 22 0 0 0 30-20l-14 8-12-4-4-12z" ${f}/>`;
    case 'cleaning-maintenance':
      return `<path d="M40 10c3 18 8 23 26 26-18 3-23 8-26 26-3-18-8-23-26-26 18-3 23-8 26-26zM74 52c2 11 5 14 16 16-11 2-14 5-16 16-2-11-5-14-16-16 11-2 14-5 16-16zM26 66c1 7 3 9 10 10-7 1-9 3-10 10-1-7-3-9-10-10 7-1 9-3 10-10z" ${f}/>`;
    case 'community':
      return `<circle cx="32" cy="32" r="12" ${f}/><circle cx="68" cy="32" r="12" ${f}/><path d="M10 82a22 22 0 0 1 44 0zM46 82a22 22 0 0 1 44 0z" ${f}/>`;
    case 'locations':
      return `<path d="M50 92C30 64 20 50 20 36a30 30 0 0 1 60 0c0 14-10 28-30 56z" ${f}/><circle cx="50" cy="36" r="11" fill="#0003"/>`;
    default:
      return `<path d="m50 8 12 26 28 3-21 19 6 28-25-15-25 15 6-28-21-19 28-3z" ${f}/>`;
  }
}

const CATEGORY_HUES: Record<string, number> = {
  'food-dining': 8, 'home-improvement': 28, 'auto-transportation': 212, 'travel-entertainment': 268, 'health-beauty': 328, 'retail-fashion': 192,
  'special-services': 172, contests: 45, community: 150, locations: 0, 'kitchen-bath': 200, outdoors: 120, 'service-repair': 36, 'cleaning-maintenance': 185, car: 220,
};

export function categoryHue(slug: string): number {
  return CATEGORY_HUES[slug] ?? hueOf(slug);
}

/** Initials for a logo: first letters of the first two words that are not "The" or "&". */
export function initialsOf(name: string): string {
  const words = name
    .split(/[\s\-/]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w && !/^(the|and|of)$/i.test(w));
  if (!words.length) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[1]![0]!).toUpperCase();
}

/** Merchant logo: initials on a colour taken from the name. */
export function logoSvg(name: string): string {
  const h = hueOf(name);
  const body = `<defs>${gradient('g', hsl(h, 58, 46), hsl(h + 25, 62, 34))}</defs><rect width="240" height="240" rx="36" fill="url(#g)"/><circle cx="196" cy="44" r="70" fill="#fff" fill-opacity="0.08"/>${textLines([initialsOf(name)], 120, 152, 100, { anchor: 'middle', weight: 800 })}`;
  return svg(240, 240, body, `${name} logo`);
}

/** Offer picture: the category motif and the headline. */
export function offerSvg(input: { headline: string; merchantName: string; motif: string }): string {
  const h = categoryHue(input.motif);
  // About 17 characters of 42 px bold fit left of the motif.
  const lines = wrapText(input.headline, 17, 4);
  const size = lines.length > 3 ? 36 : 42;
  const top = 200 - ((lines.length - 1) * size * 1.15) / 2 - 10;
  const body = [
    `<defs>${gradient('g', hsl(h, 70, 48), hsl(h + 30, 70, 32))}</defs>`,
    '<rect width="600" height="400" fill="url(#g)"/>',
    '<circle cx="520" cy="70" r="160" fill="#fff" fill-opacity="0.08"/>',
    `<g transform="translate(452 36) scale(1.15)" opacity="0.9">${motif(input.motif)}</g>`,
    textLines(lines, 40, top, size),
    '<rect x="40" y="322" width="520" height="2" fill="#fff" fill-opacity="0.5"/>',
    textLines(wrapText(input.merchantName, 38, 1), 40, 362, 24, { weight: 500 }),
  ].join('');
  return svg(600, 400, body, input.headline);
}

const HERO_PALETTES: Array<[number, number]> = [[190, 20], [210, 40], [170, 200], [30, 330], [260, 190], [140, 50]];

/** Hero image n (1-6): a sky, hills and a skyline; no text (the page lays its own over it). */
export function heroSvg(n: number): string {
  const [h1, h2] = HERO_PALETTES[(n - 1) % HERO_PALETTES.length]!;
  let x = 0;
  let buildings = '';
  let k = hash32(`hero:${n}`);
  while (x < 1600) {
    k = (Math.imul(k, 1103515245) + 12345) >>> 0;
    const w = 50 + (k % 70);
    const height = 90 + ((k >>> 8) % 220);
    buildings += `<rect x="${x}" y="${470 - height}" width="${w - 6}" height="${height + 40}" fill="${hsl(h1, 30, 22)}" fill-opacity="0.55"/>`;
    x += w;
  }
  const body = [
    `<defs>${gradient('sky', hsl(h1, 70, 62), hsl(h2, 75, 78), true)}</defs>`,
    '<rect width="1600" height="600" fill="url(#sky)"/>',
    `<circle cx="${300 + n * 170}" cy="150" r="80" fill="#fff" fill-opacity="0.5"/>`,
    buildings,
    `<path d="M0 470 Q400 400 800 470 T1600 450 V600 H0z" fill="${hsl(h2, 45, 45)}"/>`,
    `<path d="M0 530 Q500 470 1000 530 T1600 520 V600 H0z" fill="${hsl(h2, 50, 35)}"/>`,
  ].join('');
  return svg(1600, 600, body, `Hero image ${n}`);
}

const STATE_NAMES: Record<string, string> = { mi: 'Michigan', il: 'Illinois', mn: 'Minnesota', fl: 'Florida' };
const STATE_HUES: Record<string, number> = { mi: 205, il: 12, mn: 140, fl: 38 };

/** State banner for the logged-out hero header (SPEC.md 2: MI, IL, MN, default MI). */
export function bannerSvg(state: string): string {
  const h = STATE_HUES[state] ?? 205;
  const name = STATE_NAMES[state] ?? state.toUpperCase();
  const body = [
    `<defs>${gradient('g', hsl(h, 65, 40), hsl(h + 35, 70, 55))}</defs>`,
    '<rect width="1600" height="400" fill="url(#g)"/>',
    '<path d="M0 300 Q400 230 800 300 T1600 280 V400 H0z" fill="#fff" fill-opacity="0.12"/>',
    `<text x="1560" y="370" font-family="${FONT}" font-size="150" font-weight="800" fill="#fff" fill-opacity="0.15" text-anchor="end">${escapeMarkup(name.toUpperCase())}</text>`,
  ].join('');
  return svg(1600, 400, body, `${name} banner`);
}

const HEADER_ART: Record<string, { motif: string; title: string }> = {
  automotive: { motif: 'car', title: 'Automotive' },
  'home-improvement': { motif: 'home-improvement', title: 'Home Improvement' },
  'home-pros': { motif: 'service-repair', title: 'Home Pros' },
  contests: { motif: 'contests', title: 'Contests' },
};

/** Special-edition header image (SPEC.md 2: Automotive, HomeImprovement, HomeImprovementHomePros, Contests). */
export function headerSvg(type: string): string {
  const art = HEADER_ART[type] ?? HEADER_ART.contests!;
  const h = categoryHue(art.motif);
  const body = [
    `<defs>${gradient('g', hsl(h, 60, 30), hsl(h + 40, 65, 48))}</defs>`,
    '<rect width="1600" height="500" fill="url(#g)"/>',
    `<g transform="translate(1040 60) scale(3.8)" opacity="0.85">${motif(art.motif)}</g>`,
    `<g transform="translate(60 300) scale(1.6)" opacity="0.18">${motif(art.motif)}</g>`,
  ].join('');
  return svg(1600, 500, body, `${art.title} header`);
}

/** Contest banner: WIN, the contest name and its prize. */
export function contestBannerSvg(input: { displayName: string; prize: string }): string {
  const h = hueOf(input.displayName);
  const lines = wrapText(input.displayName, 34, 2);
  const body = [
    `<defs>${gradient('g', hsl(h, 70, 40), hsl(h + 50, 75, 55))}</defs>`,
    '<rect width="1200" height="400" fill="url(#g)"/>',
    `<g transform="translate(900 70) scale(2.6)" opacity="0.9">${motif('contests')}</g>`,
    textLines(['WIN!'], 60, 120, 84, { weight: 900 }),
    textLines(lines, 60, 210, 44),
    textLines(wrapText(`Prize: ${input.prize}`, 48, 1), 60, 340, 28, { weight: 500 }),
  ].join('');
  return svg(1200, 400, body, input.displayName);
}

/** Contest picture (square): the trophy and the prize. */
export function contestPictureSvg(input: { displayName: string; prize: string }): string {
  const h = hueOf(input.displayName);
  const body = [
    `<defs>${gradient('g', hsl(h + 50, 75, 55), hsl(h, 70, 38))}</defs>`,
    '<rect width="600" height="600" fill="url(#g)"/>',
    `<g transform="translate(180 90) scale(2.4)">${motif('contests')}</g>`,
    textLines(wrapText(input.prize, 22, 2), 300, 420, 40, { anchor: 'middle' }),
  ].join('');
  return svg(600, 600, body, input.displayName);
}

/** Promotional callout: title, subtitle and motif. */
export function calloutSvg(input: { title: string; subtitle: string; motif: string; hue: number }): string {
  const body = [
    `<defs>${gradient('g', hsl(input.hue, 70, 42), hsl(input.hue + 30, 75, 58))}</defs>`,
    '<rect width="800" height="400" rx="24" fill="url(#g)"/>',
    `<g transform="translate(560 110) scale(1.9)" opacity="0.9">${motif(input.motif)}</g>`,
    textLines(wrapText(input.title, 22, 2), 48, 150, 48),
    textLines(wrapText(input.subtitle, 36, 2), 48, 290, 26, { weight: 500 }),
  ].join('');
  return svg(800, 400, body, input.title);
}

/** Category icon: the motif on a round badge. */
export function categorySvg(slug: string, label: string): string {
  const h = categoryHue(slug);
  const body = `<circle cx="64" cy="64" r="64" fill="${hsl(h, 65, 45)}"/><g transform="translate(24 24) scale(0.8)">${motif(slug)}</g>`;
  return svg(128, 128, body, label);
}
