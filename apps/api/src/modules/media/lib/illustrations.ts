// Illustrations for the generated logos, offer pictures and contest art: Fluent Emoji Flat
// (Microsoft, MIT licence) from the npm package @iconify-json/fluent-emoji-flat, which ships
// every emoji's SVG body in icons.json. Read once, on first use, on the server only: the saver
// pages only ever see image URLs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface IconSet {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
}

let iconSet: IconSet | undefined;
function icons(): IconSet {
  if (!iconSet) {
    const file = createRequire(import.meta.url).resolve('@iconify-json/fluent-emoji-flat/icons.json');
    iconSet = JSON.parse(readFileSync(file, 'utf8')) as IconSet;
  }
  return iconSet;
}

/** The emoji drawn when nothing more specific is known. */
export const DEFAULT_ILLUSTRATION = 'shopping-bags';

export interface Illustration {
  name: string;
  /** SVG markup of the emoji inside a `size` x `size` box (no outer <svg>). */
  body: string;
  size: number;
}

/** The emoji's SVG body; an unknown name falls back to the default illustration. */
export function illustration(name: string): Illustration {
  const set = icons();
  const resolved = set.icons[name] ? name : set.aliases?.[name]?.parent;
  const icon = resolved ? set.icons[resolved] : undefined;
  if (!icon) return illustration(DEFAULT_ILLUSTRATION);
  return { name: resolved!, body: icon.body, size: icon.width ?? set.width ?? 32 };
}

/** Main categories and home-pros groups (and 'car' for lease and purchase offers). */
const BY_CATEGORY: Record<string, string> = {
  'food-dining': 'fork-and-knife-with-plate',
  'home-improvement': 'house-with-garden',
  'auto-transportation': 'automobile',
  'travel-entertainment': 'admission-tickets',
  'health-beauty': 'lotus',
  'retail-fashion': 'shopping-bags',
  'special-services': 'sparkles',
  contests: 'trophy',
  community: 'handshake',
  locations: 'round-pushpin',
  'kitchen-bath': 'bathtub',
  outdoors: 'deciduous-tree',
  'service-repair': 'hammer-and-wrench',
  'cleaning-maintenance': 'sponge',
  car: 'automobile',
};

/** Subcategory slugs of the static lists (SPEC.md 3) that have an emoji of their own. */
const BY_SUBCATEGORY: Record<string, string> = {
  // Restaurants
  american: 'hamburger', 'asian-fusion': 'dumpling', bakery: 'croissant', 'bar-grill': 'beer-mug', bbq: 'cut-of-meat',
  'breakfast-brunch': 'pancakes', burgers: 'hamburger', 'cafe-coffee': 'hot-beverage', 'chicken-wings': 'poultry-leg',
  chinese: 'takeout-box', 'coney-island': 'hot-dog', 'deli-sandwiches': 'sandwich', 'desserts-ice-cream': 'soft-ice-cream',
  'family-dining': 'fork-and-knife-with-plate', 'fast-food': 'french-fries', 'fine-dining': 'wine-glass', greek: 'stuffed-flatbread',
  healthy: 'green-salad', indian: 'curry-rice', italian: 'spaghetti', 'japanese-sushi': 'sushi', korean: 'pot-of-food',
  mediterranean: 'falafel', mexican: 'taco', 'middle-eastern': 'stuffed-flatbread', pizza: 'pizza', polish: 'dumpling',
  'pub-food': 'beer-mug', seafood: 'shrimp', 'soul-food': 'poultry-leg', steakhouse: 'cut-of-meat', thai: 'steaming-bowl',
  'vegetarian-vegan': 'leafy-green', vietnamese: 'steaming-bowl',
  // Entertainment
  'amusement-parks': 'roller-coaster', arcades: 'joystick', bowling: 'bowling', 'escape-rooms': 'key', 'go-karts': 'racing-car',
  golf: 'flag-in-hole', 'hotels-lodging': 'hotel', 'laser-tag': 'bullseye', 'mini-golf': 'flag-in-hole', 'movie-theaters': 'clapper-board',
  museums: 'classical-building', theaters: 'performing-arts', 'trampoline-parks': 'person-cartwheeling', 'zoos-aquariums': 'giraffe',
  // Retail
  'apparel-accessories': 't-shirt', 'bridal-formal-wear': 'wedding', 'cleaners-tailors-laundry': 'coat', 'consignment-resale': 'label',
  'electronics-cell-phones': 'mobile-phone', florists: 'bouquet', furniture: 'couch-and-lamp', 'garden-centers': 'potted-plant',
  'gifts-novelties': 'wrapped-gift', hardware: 'toolbox', 'home-decor': 'framed-picture', jewelry: 'gem-stone',
  'liquor-beer-wine': 'bottle-with-popping-cork', mattresses: 'bed', 'pet-supplies': 'dog-face', shoes: 'running-shoe',
  'sporting-goods': 'soccer-ball', 'toys-hobbies': 'teddy-bear',
  // Health & beauty
  barbers: 'barber-pole', chiropractors: 'bone', dentists: 'tooth', 'eye-care': 'glasses', 'fitness-gyms': 'flexed-biceps',
  'hair-salons': 'scissors', 'hearing-aids': 'ear', 'lash-brow': 'eye', massage: 'person-getting-massage', 'med-spas': 'lotus',
  'nail-salons': 'nail-polish', 'physical-therapy': 'person-walking', spas: 'lotus', tanning: 'sun', waxing: 'lipstick',
  'weight-loss': 'green-apple', 'yoga-pilates': 'person-in-lotus-position',
  // Auto
  'auto-accessories': 'gear', 'auto-dealers': 'automobile', 'auto-glass': 'window', 'auto-repair': 'wrench', 'car-rental': 'key',
  'car-washing-detailing': 'bubbles', financing: 'money-bag', 'mufflers-brakes': 'oncoming-automobile', 'oil-change-lube': 'oil-drum',
  tires: 'wheel', transmissions: 'gear',
  // Home improvement, home services, cleaning, outdoor, kitchen & bath
  additions: 'house', 'basement-remodeling': 'house', 'bathroom-remodeling': 'bathtub', cabinets: 'door', carpentry: 'carpentry-saw',
  carpet: 'roll-of-paper', concrete: 'brick', countertops: 'fork-and-knife', 'decks-patios': 'chair', doors: 'door', drywall: 'hammer',
  electrical: 'high-voltage', fencing: 'hammer', fireplaces: 'fire', flooring: 'hammer', 'foundation-repair': 'brick',
  'garage-doors': 'house', generators: 'battery', gutters: 'droplet', 'handyman-services': 'toolbox', 'heating-cooling': 'thermometer',
  'home-builders': 'building-construction', insulation: 'thermometer', 'interior-design': 'couch-and-lamp', 'kitchen-remodeling': 'cooking',
  landscaping: 'seedling', masonry: 'brick', painting: 'paintbrush', paving: 'motorway', plumbing: 'plunger', 'pools-spas': 'water-wave',
  roofing: 'house-with-garden', siding: 'house', 'solar-energy': 'sun', sunrooms: 'sun-behind-small-cloud', tile: 'brick',
  'tree-service': 'deciduous-tree', 'water-treatment': 'droplet', waterproofing: 'umbrella-with-rain-drops', 'window-treatments': 'window',
  windows: 'window',
  'air-conditioning-heating': 'snowflake', 'appliance-repair': 'wrench', 'basement-waterproofing': 'umbrella-with-rain-drops',
  'ceiling-fans': 'cyclone', 'chimney-sweep': 'broom', 'computer-repair': 'laptop', 'deck-repair': 'hammer', 'door-installation': 'door',
  'drain-cleaning': 'plunger', 'drywall-repair': 'hammer', 'dryer-vent-cleaning': 'dashing-away', 'electrical-panel-upgrades': 'high-voltage',
  electricians: 'light-bulb', 'fence-repair': 'hammer', 'furnace-repair': 'fire', 'furniture-assembly': 'screwdriver',
  'garage-door-repair': 'house', 'garbage-disposals': 'wastebasket', 'generator-installation': 'battery', 'gutter-repair': 'droplet',
  handyman: 'toolbox', 'home-inspection': 'magnifying-glass-tilted-left', 'home-organization': 'card-file-box', 'home-security': 'locked',
  'junk-removal': 'delivery-truck', 'lighting-installation': 'light-bulb', locksmiths: 'key', 'mold-remediation': 'microbe',
  'moving-storage': 'package', 'pest-control': 'lady-beetle', 'radon-mitigation': 'house', 'septic-services': 'plunger',
  'sewer-repair': 'plunger', 'siding-repair': 'house', 'smart-home-installation': 'mobile-phone', 'sump-pumps': 'droplet',
  'tv-mounting': 'television', 'water-damage-restoration': 'droplet', 'water-heaters': 'hot-springs', 'water-softeners': 'droplet',
  'well-pumps': 'droplet', 'window-repair': 'window', 'wildlife-removal': 'raccoon', 'snow-plowing': 'snowflake', 'pressure-washing': 'sweat-droplets',
  'carpet-cleaning': 'sponge', 'duct-cleaning': 'dashing-away', 'fire-smoke-restoration': 'fire-extinguisher', 'house-cleaning': 'broom',
  'maid-services': 'broom', 'mold-removal': 'microbe', 'tile-grout-cleaning': 'bubbles', 'upholstery-cleaning': 'couch-and-lamp',
  'window-cleaning': 'window', 'gutter-cleaning': 'droplet',
  decks: 'chair', hardscaping: 'rock', 'lawn-care': 'seedling', 'outdoor-lighting': 'light-bulb', patios: 'chair',
  'pergolas-gazebos': 'hut', 'retaining-walls': 'brick', sheds: 'hut', 'snow-removal': 'snowflake', 'sprinkler-systems': 'droplet',
  appliances: 'cooking', backsplashes: 'brick', 'cabinet-refacing': 'door', 'plumbing-fixtures': 'potable-water', 'showers-tubs': 'shower',
  'walk-in-tubs': 'bathtub',
};

/**
 * Words of a business name that say what it is more surely than a subcategory picked for it
 * ("Evergreen Pizza" listed under Mediterranean still shows a pizza). First match wins.
 */
const BY_NAME: Array<[RegExp, string]> = [
  [/\bpizz/i, 'pizza'],
  [/\b(taco|taqueria|cantina|burrito)/i, 'taco'],
  [/\bsushi/i, 'sushi'],
  [/\bburger/i, 'hamburger'],
  [/\b(bbq|barbecue|smokehouse)/i, 'cut-of-meat'],
  [/\bconey/i, 'hot-dog'],
  [/\b(bakery|bakeshop)/i, 'croissant'],
  [/\b(coffee|espresso)/i, 'hot-beverage'],
  [/\bpho\b|\bramen|\bnoodle/i, 'steaming-bowl'],
  [/\broof/i, 'house-with-garden'],
  [/\bplumb/i, 'plunger'],
  [/\btires?\b/i, 'wheel'],
  [/\b(lube|oil change)/i, 'oil-drum'],
];

/** The illustration a business name asks for, if any. */
export function illustrationForName(name: string | null | undefined): string | undefined {
  return name ? BY_NAME.find(([re]) => re.test(name))?.[1] : undefined;
}

/** The illustration of a business or offer: its name's word, else its first subcategory, else its category, else a default. */
export function illustrationFor(input: { name?: string | null; subcategorySlug?: string | null; categorySlug?: string | null }): string {
  return (
    illustrationForName(input.name) ||
    (input.subcategorySlug && BY_SUBCATEGORY[input.subcategorySlug]) ||
    (input.categorySlug && BY_CATEGORY[input.categorySlug]) ||
    DEFAULT_ILLUSTRATION
  );
}

/** The illustration of a category or home-pros group. */
export const illustrationForCategory = (slug: string) => BY_CATEGORY[slug] ?? DEFAULT_ILLUSTRATION;

/** Words of a contest's prize (first match wins) and the emoji that shows them. */
const BY_PRIZE: Array<[RegExp, string]> = [
  [/grocer/i, 'shopping-cart'],
  [/dinner|restaurant|meal|lunch|brunch/i, 'fork-and-knife-with-plate'],
  [/pizza/i, 'pizza'],
  [/makeover|home|kitchen|remodel/i, 'house-with-garden'],
  [/zoo|aquarium/i, 'giraffe'],
  [/oil change|tire|car wash|auto/i, 'oil-drum'],
  [/spa|massage/i, 'lotus'],
  [/water park|season pass|amusement|theme park/i, 'roller-coaster'],
  [/basket/i, 'basket'],
  [/ticket|concert|show|movie/i, 'admission-tickets'],
  [/travel|trip|vacation|hotel|cruise/i, 'airplane'],
  [/gift card|cash|\$/i, 'wrapped-gift'],
];

/** The illustration of a contest, chosen by the words of its prize; a trophy when none match. */
export function illustrationForPrize(prize: string): string {
  return BY_PRIZE.find(([re]) => re.test(prize))?.[1] ?? 'trophy';
}

/** Every emoji name the maps use (tests check each exists in the package). */
export const MAPPED_ILLUSTRATIONS: readonly string[] = [
  ...new Set([DEFAULT_ILLUSTRATION, 'trophy', ...Object.values(BY_CATEGORY), ...Object.values(BY_SUBCATEGORY), ...BY_PRIZE.map(([, n]) => n), ...BY_NAME.map(([, n]) => n)]),
];

/** Whether the package has an emoji of this name (no fallback). */
export function hasIllustration(name: string): boolean {
  const set = icons();
  return Boolean(set.icons[name] ?? set.aliases?.[name]);
}
