// Drawing of the generated images: merchant logos, offer pictures, hero and
// state banners, special-edition headers, contest art, callouts and category icons. Pure
// functions of their inputs; every piece of text goes through escapeMarkup. No inline `style`
// attributes (the API's CSP forbids them if an image is opened on its own).
import { escapeMarkup } from '../../../lib/escape-markup.ts';
import { illustration, illustrationForCategory, type Illustration } from './illustrations.ts';

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

/** The brand's ink for text drawn on the soft backgrounds. */
const INK = '#17313b';

/** An emoji illustration placed with its top-left corner at (x, y), `size` wide. */
function placed(art: Illustration, x: number, y: number, size: number): string {
  return `<g data-illustration="${art.name}" transform="translate(${x} ${y}) scale(${+(size / art.size).toFixed(4)})">${art.body}</g>`;
}

/** A soft tint of a category's hue: the background the illustrations sit on. */
const soft = (h: number, l = 94) => hsl(h, 62, l);

/**
 * Merchant logo: the illustration of its subcategory (SPEC.md 2 cards) on a soft disc of its
 * category's colour. The name is not drawn (cards print it next to the logo).
 */
export function logoSvg(input: { name: string; art: Illustration; hue: number }): string {
  const body = [
    `<rect width="240" height="240" rx="36" fill="${soft(input.hue)}"/>`,
    `<circle cx="120" cy="120" r="100" fill="${soft(input.hue, 86)}"/>`,
    placed(input.art, 44, 44, 152),
  ].join('');
  return svg(240, 240, body, `${input.name} logo`);
}

/** Offer picture: the headline and merchant name beside the offer's illustration. */
export function offerSvg(input: { headline: string; merchantName: string; art: Illustration; hue: number }): string {
  const h = input.hue;
  // About 16 characters of 40 px bold fit left of the illustration.
  const lines = wrapText(input.headline, 16, 4);
  const size = lines.length > 3 ? 34 : 40;
  // Everything stays between y 40 and 360: the modal crops this 3:2 picture to 16:9 (object-fit: cover).
  const top = 178 - ((lines.length - 1) * size * 1.15) / 2;
  const body = [
    `<rect width="600" height="400" fill="${soft(h)}"/>`,
    `<circle cx="470" cy="172" r="112" fill="${soft(h, 84)}"/>`,
    placed(input.art, 395, 97, 150),
    textLines(lines, 40, top, size, { fill: INK }),
    `<rect x="40" y="300" width="520" height="3" rx="1.5" fill="${hsl(h, 55, 45)}" fill-opacity="0.35"/>`,
    textLines(wrapText(input.merchantName, 38, 1), 40, 340, 24, { weight: 600, fill: hsl(h, 45, 30) }),
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

/** Contest banner: WIN, the contest name and its prize beside the illustration of the prize. */
export function contestBannerSvg(input: { displayName: string; prize: string; art: Illustration }): string {
  const h = 42;
  const lines = wrapText(input.displayName, 30, 2);
  const body = [
    `<rect width="1200" height="400" fill="${soft(h, 92)}"/>`,
    `<circle cx="1000" cy="200" r="190" fill="${soft(h, 82)}"/>`,
    placed(input.art, 860, 60, 280),
    textLines(['WIN!'], 60, 120, 84, { weight: 900, fill: '#00857c' }),
    textLines(lines, 60, 210, 46, { fill: INK }),
    textLines(wrapText(`Prize: ${input.prize}`, 46, 1), 60, 340, 28, { weight: 600, fill: hsl(h, 60, 28) }),
  ].join('');
  return svg(1200, 400, body, input.displayName);
}

/** Contest picture (square): the illustration of the prize and the prize. */
export function contestPictureSvg(input: { displayName: string; prize: string; art: Illustration }): string {
  const h = 42;
  const body = [
    `<rect width="600" height="600" fill="${soft(h, 92)}"/>`,
    `<circle cx="300" cy="240" r="180" fill="${soft(h, 82)}"/>`,
    placed(input.art, 160, 100, 280),
    textLines(wrapText(input.prize, 22, 2), 300, 490, 40, { anchor: 'middle', fill: INK }),
  ].join('');
  return svg(600, 600, body, input.displayName);
}

/** Promotional callout: title, subtitle and motif. */
export function calloutSvg(input: { title: string; subtitle: string; motif: string; hue: number }): string {
  const body = [
    `<defs>${gradient('g', hsl(input.hue, 70, 42), hsl(input.hue + 30, 75, 58))}</defs>`,
    '<rect width="800" height="400" rx="24" fill="url(#g)"/>',
    '<circle cx="690" cy="200" r="96" fill="#fff" fill-opacity="0.9"/>',
    placed(illustration(illustrationForCategory(input.motif)), 625, 135, 130),
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

/** The scenes of a business's place: the seed's merchant photos (docs/decisions.md "Merchant photos"). */
export type PlaceScene = 'storefront' | 'inside' | 'counter';

const PLACE_TITLES: Record<PlaceScene, (name: string) => string> = {
  storefront: (name) => `The storefront of ${name}`,
  inside: (name) => `Inside ${name}`,
  counter: (name) => `On the counter at ${name}`,
};

function storefront(name: string, art: Illustration, h: number): string {
  const stripes = Array.from({ length: 12 }, (_, i) => `<rect x="${150 + i * 75}" y="262" width="75" height="70" fill="${i % 2 ? '#fbfaf7' : hsl(h, 62, 46)}"/>`).join('');
  const scallops = Array.from({ length: 24 }, (_, i) => `<circle cx="${168.75 + i * 37.5}" cy="332" r="18.75" fill="${Math.floor(i / 2) % 2 ? '#fbfaf7' : hsl(h, 62, 46)}"/>`).join('');
  const bricks = Array.from({ length: 14 }, (_, row) => `<path d="M120 ${130 + row * 42}h960" stroke="#0000000f" stroke-width="3"/>`).join('');
  return [
    `<defs>${gradient('sky', '#9fd0ee', '#e8f4fb', true)}${gradient('glass', hsl(200, 45, 82), hsl(200, 35, 62), true)}${gradient('walk', '#b9b4ad', '#8f8a84', true)}</defs>`,
    '<rect width="1200" height="800" fill="url(#sky)"/>',
    `<rect x="60" y="60" width="80" height="660" fill="${hsl(h + 30, 12, 70)}"/><rect x="1060" y="90" width="140" height="630" fill="${hsl(h - 30, 10, 62)}"/>`,
    `<rect x="120" y="100" width="960" height="620" fill="${hsl(h, 28, 58)}"/>${bricks}`,
    `<rect x="108" y="92" width="984" height="22" fill="${hsl(h, 25, 38)}"/>`,
    `<rect x="170" y="150" width="860" height="92" rx="8" fill="${hsl(h, 45, 24)}"/>`,
    textLines(wrapText(name, 34, 1), 600, 212, 46, { anchor: 'middle', fill: '#f7f1e3' }),
    stripes,
    scallops,
    '<rect x="170" y="370" width="540" height="300" fill="url(#glass)" stroke="#2b2b2b" stroke-width="10"/>',
    `<rect x="185" y="585" width="510" height="12" fill="${hsl(h, 30, 35)}"/>`,
    placed(art, 330, 385, 210),
    '<path d="M200 660 420 380h60L260 660zM500 660 640 380h30L530 660z" fill="#fff" fill-opacity="0.22"/>',
    `<rect x="770" y="370" width="200" height="350" fill="${hsl(h, 35, 22)}"/><rect x="795" y="395" width="150" height="180" fill="url(#glass)"/><circle cx="945" cy="610" r="9" fill="#e2c36b"/>`,
    '<rect x="840" y="342" width="60" height="18" rx="4" fill="#3a3a3a"/><circle cx="870" cy="362" r="12" fill="#ffe9a8"/>',
    `<rect x="990" y="640" width="60" height="80" fill="${hsl(20, 50, 42)}"/><circle cx="1020" cy="600" r="48" fill="${hsl(125, 40, 36)}"/><circle cx="1000" cy="585" r="30" fill="${hsl(125, 45, 44)}"/>`,
    '<rect y="720" width="1200" height="80" fill="url(#walk)"/><rect y="720" width="1200" height="8" fill="#6f6a64"/>',
    '<path d="M300 728v72M700 728v72M1100 728v72" stroke="#0000001c" stroke-width="4"/>',
  ].join('');
}

function inside(art: Illustration, h: number): string {
  const shelf = (y: number) => `<rect x="70" y="${y}" width="520" height="16" fill="${hsl(h + 20, 35, 38)}"/>`;
  const items = [150, 330, 500].flatMap((y) => [90, 260, 430].map((x, i) => `<g opacity="${0.85 + 0.05 * i}">${placed(art, x, y - 96, 92)}</g>`)).join('');
  const planks = Array.from({ length: 8 }, (_, i) => `<path d="M0 ${600 + i * 28}H1200" stroke="#00000018" stroke-width="3"/>`).join('');
  const lamps = [700, 880, 1060].map((x) => `<path d="M${x} 0v150" stroke="#333" stroke-width="4"/><path d="M${x - 46} 196a46 46 0 0 1 92 0z" fill="#2f2f2f"/><circle cx="${x}" cy="206" r="70" fill="#ffe7a6" fill-opacity="0.35"/><circle cx="${x}" cy="200" r="14" fill="#fff4cc"/>`).join('');
  return [
    `<defs>${gradient('wall', hsl(h, 45, 88), hsl(h, 30, 76), true)}${gradient('floor', hsl(30, 40, 48), hsl(28, 45, 34), true)}${gradient('top', hsl(30, 25, 82), hsl(30, 20, 70))}</defs>`,
    '<rect width="1200" height="800" fill="url(#wall)"/>',
    `<rect x="640" y="70" width="520" height="20" fill="${hsl(h, 30, 70)}"/>`,
    '<rect x="860" y="250" width="260" height="200" rx="6" fill="#cfe8f5" stroke="#fff" stroke-width="12"/><path d="M990 250v200M860 350h260" stroke="#fff" stroke-width="8"/>',
    shelf(150),
    shelf(330),
    shelf(500),
    items,
    '<rect y="580" width="1200" height="220" fill="url(#floor)"/>',
    planks,
    `<rect x="600" y="470" width="560" height="200" fill="${hsl(h, 40, 32)}"/><rect x="585" y="452" width="590" height="30" rx="6" fill="url(#top)"/>`,
    `<rect x="630" y="510" width="500" height="8" fill="#ffffff2a"/>`,
    placed(art, 800, 300, 160),
    lamps,
  ].join('');
}

function counter(art: Illustration, h: number): string {
  const bokeh = Array.from({ length: 14 }, (_, i) => {
    const k = hash32(`bokeh:${h}:${i}`);
    return `<circle cx="${k % 1200}" cy="${40 + ((k >>> 10) % 380)}" r="${30 + ((k >>> 20) % 60)}" fill="${i % 3 ? '#fff3d1' : hsl(h, 70, 70)}" fill-opacity="${0.18 + ((k >>> 5) % 20) / 100}"/>`;
  }).join('');
  const grain = Array.from({ length: 10 }, (_, i) => `<path d="M0 ${560 + i * 26}q300 -${6 + (i % 3) * 4} 600 0t600 0" fill="none" stroke="#00000014" stroke-width="3"/>`).join('');
  return [
    `<defs>${gradient('back', hsl(h, 35, 42), hsl(h + 25, 40, 26))}${gradient('wood', hsl(30, 45, 52), hsl(26, 50, 36), true)}<filter id="soft"><feGaussianBlur stdDeviation="14"/></filter></defs>`,
    '<rect width="1200" height="800" fill="url(#back)"/>',
    `<g filter="url(#soft)">${bokeh}</g>`,
    '<rect y="520" width="1200" height="280" fill="url(#wood)"/>',
    grain,
    '<ellipse cx="600" cy="640" rx="330" ry="82" fill="#00000030"/>',
    '<ellipse cx="600" cy="620" rx="320" ry="78" fill="#f7f5f0"/><ellipse cx="600" cy="615" rx="250" ry="56" fill="#ecE8e0"/>',
    placed(art, 410, 240, 380),
    `<rect x="950" y="470" width="130" height="150" rx="10" fill="${hsl(h, 25, 92)}"/><path d="M985 470v-40h60v40" fill="none" stroke="${hsl(h, 25, 92)}" stroke-width="12"/>`,
    `<rect x="120" y="560" width="150" height="16" rx="8" fill="#c9c4bb"/><rect x="110" y="590" width="170" height="16" rx="8" fill="#c9c4bb"/>`,
  ].join('');
}

/**
 * A photo-like picture of a business's place, drawn from its illustration and category colour:
 * its storefront with the name on the sign, the room inside, or a close-up on the counter. The
 * seed's merchant photos point here, so a fresh database shows galleries without stored files.
 */
export function placeSvg(input: { name: string; art: Illustration; hue: number; scene: PlaceScene }): string {
  const h = input.hue;
  const body = input.scene === 'storefront' ? storefront(input.name, input.art, h) : input.scene === 'inside' ? inside(input.art, h) : counter(input.art, h);
  return svg(1200, 800, body, PLACE_TITLES[input.scene](input.name));
}
