// The static subcategory lists of SPEC.md 3: each carries name, slug and count (and an
// extra value where the list has one), and belongs to a main category or a home-pros group.
// The main categories and home-pros groups themselves live in categories.ts.

/** Lowercase words joined by hyphens; '&' and punctuation are dropped ('Mufflers & Brakes' -> 'mufflers-brakes'). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export type MainSlug = 'food-dining' | 'home-improvement' | 'auto-transportation' | 'travel-entertainment' | 'health-beauty' | 'retail-fashion' | 'special-services';
export type HomeProsGroupSlug = 'home-improvement' | 'kitchen-bath' | 'outdoors' | 'service-repair' | 'cleaning-maintenance';

/**
 * Where a list hangs. The home-pros group 'home-improvement' is the main category of the same
 * slug (one row), so its list names kind 'main'; the other four groups are 'homepros' rows.
 */
export type ListParent = { kind: 'main'; slug: MainSlug } | { kind: 'homepros'; slug: Exclude<HomeProsGroupSlug, 'home-improvement'> };

export interface ListEntry {
  name: string;
  slug: string;
  count: number;
  /** Restaurants only (SPEC.md 3 "34 cuisines with an extra value"): popular dishes, also search words. */
  extra?: string;
}

export interface CategoryList {
  /** The list name (stored as `categories.list`). */
  id: string;
  title: string;
  parent: ListParent;
  entries: readonly ListEntry[];
}

const entry = (name: string, count: number, extra?: string): ListEntry => (extra === undefined ? { name, slug: slugify(name), count } : { name, slug: slugify(name), count, extra });
const zero = (name: string): ListEntry => entry(name, 0);

// SPEC.md 3: "Additions, Basement Remodeling, Flooring, Roofing, Windows, Solar Energy and about 35 more".
const HOME_IMPROVEMENT: ListEntry[] = [
  entry('Additions', 64), entry('Basement Remodeling', 118), entry('Bathroom Remodeling', 173), entry('Cabinets', 91),
  entry('Carpentry', 57), entry('Carpet', 83), entry('Concrete', 96), entry('Countertops', 88), entry('Decks & Patios', 121),
  entry('Doors', 79), entry('Drywall', 42), entry('Electrical', 109), entry('Fencing', 94), entry('Fireplaces', 38),
  entry('Flooring', 154), entry('Foundation Repair', 47), entry('Garage Doors', 86), entry('Generators', 33), entry('Gutters', 102),
  entry('Handyman Services', 127), entry('Heating & Cooling', 229), entry('Home Builders', 36), entry('Insulation', 58),
  entry('Interior Design', 31), entry('Kitchen Remodeling', 186), entry('Landscaping', 141), entry('Masonry', 54),
  entry('Painting', 132), entry('Paving', 67), entry('Plumbing', 178), entry('Pools & Spas', 44), entry('Roofing', 214),
  entry('Siding', 99), entry('Solar Energy', 61), entry('Sunrooms', 29), entry('Tile', 52), entry('Tree Service', 73),
  entry('Water Treatment', 41), entry('Waterproofing', 87), entry('Window Treatments', 48), entry('Windows', 197),
];

// SPEC.md 3: "home services (about 50, such as air conditioning and heating, roofing, plumbing, painting)" and
// "home-services lists with counts 0".
const HOME_SERVICES: ListEntry[] = [
  'Air Conditioning & Heating', 'Appliance Repair', 'Basement Waterproofing', 'Ceiling Fans', 'Chimney Sweep', 'Computer Repair',
  'Deck Repair', 'Door Installation', 'Drain Cleaning', 'Drywall Repair', 'Dryer Vent Cleaning', 'Electrical Panel Upgrades',
  'Electricians', 'Fence Repair', 'Foundation Repair', 'Furnace Repair', 'Furniture Assembly', 'Garage Door Repair',
  'Garbage Disposals', 'Generator Installation', 'Gutter Repair', 'Handyman', 'Home Inspection', 'Home Organization',
  'Home Security', 'Insulation', 'Junk Removal', 'Lighting Installation', 'Locksmiths', 'Mold Remediation', 'Moving & Storage',
  'Painting', 'Pest Control', 'Plumbing', 'Radon Mitigation', 'Roofing', 'Septic Services', 'Sewer Repair', 'Siding Repair',
  'Smart Home Installation', 'Sump Pumps', 'TV Mounting', 'Water Damage Restoration', 'Water Heaters', 'Water Softeners',
  'Well Pumps', 'Window Repair', 'Wildlife Removal', 'Snow Plowing', 'Pressure Washing',
].map(zero);

// SPEC.md 3: "cleaning and restoration (counts 87 to 155)".
const CLEANING_RESTORATION: ListEntry[] = [
  entry('Carpet Cleaning', 155), entry('Duct Cleaning', 109), entry('Fire & Smoke Restoration', 87), entry('House Cleaning', 148),
  entry('Maid Services', 140), entry('Mold Removal', 98), entry('Pressure Washing', 117), entry('Tile & Grout Cleaning', 103),
  entry('Upholstery Cleaning', 94), entry('Water Damage Restoration', 132), entry('Window Cleaning', 121), entry('Gutter Cleaning', 112),
];

// SPEC.md 3: "outdoor and home lists ... with counts 0".
const OUTDOOR: ListEntry[] = [
  'Decks', 'Fencing', 'Hardscaping', 'Landscaping', 'Lawn Care', 'Outdoor Lighting', 'Patios', 'Pergolas & Gazebos', 'Pools & Spas',
  'Retaining Walls', 'Sheds', 'Snow Removal', 'Sprinkler Systems', 'Sunrooms', 'Tree Service',
].map(zero);

const HOME: ListEntry[] = [
  'Appliances', 'Backsplashes', 'Bathroom Remodeling', 'Cabinet Refacing', 'Cabinets', 'Countertops', 'Flooring', 'Kitchen Remodeling',
  'Plumbing Fixtures', 'Showers & Tubs', 'Tile', 'Walk-In Tubs',
].map(zero);

// SPEC.md 3: "entertainment (14, such as bowling, theaters, zoos)".
const ENTERTAINMENT: ListEntry[] = [
  entry('Amusement Parks', 34), entry('Arcades', 41), entry('Bowling', 87), entry('Escape Rooms', 38), entry('Go-Karts', 23),
  entry('Golf', 76), entry('Hotels & Lodging', 64), entry('Laser Tag', 19), entry('Mini Golf', 45), entry('Movie Theaters', 52),
  entry('Museums', 29), entry('Theaters', 48), entry('Trampoline Parks', 27), entry('Zoos & Aquariums', 17),
];

// SPEC.md 3: "restaurants (34 cuisines with an extra value, Pizza largest at 603)".
const RESTAURANTS: ListEntry[] = [
  entry('American', 388, 'burgers, steaks, sandwiches, comfort food'),
  entry('Asian Fusion', 41, 'bao, rice bowls, dumplings, noodles'),
  entry('Bakery', 88, 'bread, cupcakes, cookies, pastries, cakes'),
  entry('Bar & Grill', 164, 'burgers, wings, nachos, draft beer'),
  entry('BBQ', 69, 'ribs, brisket, pulled pork, smoked chicken'),
  entry('Breakfast & Brunch', 151, 'pancakes, omelets, waffles, eggs benedict'),
  entry('Burgers', 176, 'cheeseburgers, fries, shakes, sliders'),
  entry('Cafe & Coffee', 128, 'espresso, lattes, pastries, smoothies'),
  entry('Chicken Wings', 143, 'wings, tenders, boneless wings, sauces'),
  entry('Chinese', 198, 'lo mein, fried rice, egg rolls, general tso'),
  entry('Coney Island', 97, 'coney dogs, chili, gyros, greek salad'),
  entry('Deli & Sandwiches', 119, 'subs, hoagies, wraps, corned beef'),
  entry('Desserts & Ice Cream', 101, 'ice cream, frozen custard, sundaes, cones'),
  entry('Family Dining', 133, 'dinners, kids menu, breakfast all day'),
  entry('Fast Food', 156, 'burgers, fries, chicken, drive-thru'),
  entry('Fine Dining', 39, 'tasting menu, wine, steak, seafood'),
  entry('Greek', 73, 'gyros, souvlaki, saganaki, baklava'),
  entry('Healthy', 44, 'salads, grain bowls, smoothies, juice'),
  entry('Indian', 54, 'curry, tandoori, biryani, naan'),
  entry('Italian', 212, 'pasta, lasagna, chicken parmesan, tiramisu'),
  entry('Japanese & Sushi', 92, 'sushi, sashimi, ramen, hibachi'),
  entry('Korean', 28, 'bulgogi, bibimbap, korean bbq, kimchi'),
  entry('Mediterranean', 77, 'hummus, falafel, shawarma, kabobs'),
  entry('Mexican', 241, 'tacos, burritos, enchiladas, margaritas'),
  entry('Middle Eastern', 81, 'shawarma, falafel, hummus, fattoush'),
  entry('Pizza', 603, 'pizza, pizzeria, slices, calzones, breadsticks'),
  entry('Polish', 22, 'pierogi, kielbasa, paczki, cabbage rolls'),
  entry('Pub Food', 62, 'fish and chips, burgers, craft beer'),
  entry('Seafood', 84, 'fish, shrimp, crab legs, lobster'),
  entry('Soul Food', 31, 'fried chicken, mac and cheese, collard greens'),
  entry('Steakhouse', 47, 'steaks, prime rib, chops, seafood'),
  entry('Thai', 58, 'pad thai, curry, spring rolls, tom yum'),
  entry('Vegetarian & Vegan', 26, 'plant-based, vegan, salads, bowls'),
  entry('Vietnamese', 36, 'pho, banh mi, spring rolls, noodles'),
];

// SPEC.md 3: "retail and health/beauty lists (e.g. Cleaners, Tailors & Laundry 152, Pet Supplies 85)".
const RETAIL: ListEntry[] = [
  entry('Apparel & Accessories', 118), entry('Bridal & Formal Wear', 34), entry('Cleaners, Tailors & Laundry', 152),
  entry('Consignment & Resale', 41), entry('Electronics & Cell Phones', 57), entry('Florists', 66), entry('Furniture', 73),
  entry('Garden Centers', 39), entry('Gifts & Novelties', 48), entry('Hardware', 44), entry('Home Decor', 51), entry('Jewelry', 79),
  entry('Liquor, Beer & Wine', 62), entry('Mattresses', 37), entry('Pet Supplies', 85), entry('Shoes', 46), entry('Sporting Goods', 53),
  entry('Toys & Hobbies', 31),
];

const HEALTH_BEAUTY: ListEntry[] = [
  entry('Barbers', 96), entry('Chiropractors', 88), entry('Dentists', 143), entry('Eye Care', 71), entry('Fitness & Gyms', 109),
  entry('Hair Salons', 187), entry('Hearing Aids', 33), entry('Lash & Brow', 42), entry('Massage', 94), entry('Med Spas', 58),
  entry('Nail Salons', 121), entry('Physical Therapy', 39), entry('Spas', 77), entry('Tanning', 46), entry('Waxing', 35),
  entry('Weight Loss', 52), entry('Yoga & Pilates', 48),
];

// SPEC.md 3: the auto list, exactly these eleven entries. The counts are ours.
const AUTO: ListEntry[] = [
  entry('Auto Accessories', 38), entry('Auto Dealers', 126), entry('Auto Glass', 44), entry('Auto Repair', 211), entry('Car Rental', 27),
  entry('Car Washing & Detailing', 93), entry('Financing', 18), entry('Mufflers & Brakes', 71), entry('Oil Change & Lube', 104),
  entry('Tires', 88), entry('Transmissions', 36),
];

/** Every static list of SPEC.md 3, each with the category or home-pros group it belongs to. */
export const CATEGORY_LISTS: readonly CategoryList[] = [
  { id: 'home-improvement', title: 'Home Improvement', parent: { kind: 'main', slug: 'home-improvement' }, entries: HOME_IMPROVEMENT },
  { id: 'home-services', title: 'Home Services', parent: { kind: 'homepros', slug: 'service-repair' }, entries: HOME_SERVICES },
  { id: 'cleaning-restoration', title: 'Cleaning & Restoration', parent: { kind: 'homepros', slug: 'cleaning-maintenance' }, entries: CLEANING_RESTORATION },
  { id: 'outdoor', title: 'Outdoor', parent: { kind: 'homepros', slug: 'outdoors' }, entries: OUTDOOR },
  { id: 'home', title: 'Kitchen & Bath', parent: { kind: 'homepros', slug: 'kitchen-bath' }, entries: HOME },
  { id: 'entertainment', title: 'Entertainment', parent: { kind: 'main', slug: 'travel-entertainment' }, entries: ENTERTAINMENT },
  { id: 'restaurants', title: 'Restaurants', parent: { kind: 'main', slug: 'food-dining' }, entries: RESTAURANTS },
  { id: 'retail', title: 'Retail', parent: { kind: 'main', slug: 'retail-fashion' }, entries: RETAIL },
  { id: 'health-beauty', title: 'Health & Beauty', parent: { kind: 'main', slug: 'health-beauty' }, entries: HEALTH_BEAUTY },
  { id: 'auto', title: 'Auto', parent: { kind: 'main', slug: 'auto-transportation' }, entries: AUTO },
];

/** The list of a given id; throws on an unknown id (a programming error). */
export function categoryList(id: string): CategoryList {
  const list = CATEGORY_LISTS.find((l) => l.id === id);
  if (!list) throw new Error(`unknown category list ${id}`);
  return list;
}

/** SPEC.md 3: lists are sorted by name on display, or by count descending before truncating. */
export function sortListEntries(entries: readonly ListEntry[], by: 'name' | 'count', limit?: number): ListEntry[] {
  const sorted = [...entries].sort((a, b) => (by === 'name' ? a.name.localeCompare(b.name) : b.count - a.count || a.name.localeCompare(b.name)));
  return limit === undefined ? sorted : sorted.slice(0, limit);
}
