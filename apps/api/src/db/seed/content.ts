// The words of the seed: people, streets, business names and offer texts per kind of business,
// so that a demo reads like a real regional coupon book.
import type { HomeProsGroupSlug, MainSlug } from '@market/domain/category-lists';
import type { MarketId } from '@market/domain/markets';

export const FIRST_NAMES = [
  'Tony', 'Maria', 'Joe', 'Linda', 'Sam', 'Rosa', 'Mike', 'Karen', 'Dave', 'Angela', 'Nick', 'Sofia', 'Frank', 'Diane', 'Ray',
  'Nina', 'Gus', 'Helen', 'Lou', 'Carmen', 'Vic', 'Teresa', 'Pete', 'Grace', 'Al', 'Lena', 'Jimmy', 'Rita', 'Eddie', 'Anna',
  'Marco', 'Julie', 'Omar', 'Layla', 'Hector', 'Mei', 'Dmitri', 'Priya', 'Kevin', 'Tasha', 'Luis', 'Erin', 'Bill', 'Dawn',
  'Chris', 'Megan', 'Andre', 'Kim', 'Steve', 'Laura',
];

export const SURNAMES = [
  'Anderson', 'Baker', 'Brennan', 'Castillo', 'Chen', 'Costa', 'DeLuca', 'Dombrowski', 'Fischer', 'Garcia', 'Hansen', 'Hughes',
  'Jensen', 'Johnson', 'Kowalski', 'Larson', 'Lopez', 'Martin', 'Mazur', 'Miller', 'Murphy', 'Nelson', 'Nguyen', 'Novak',
  'Olson', 'Papadopoulos', 'Patel', 'Peterson', 'Ramirez', 'Reyes', 'Rossi', 'Russo', 'Schmidt', 'Schultz', 'Sullivan',
  'Swanson', 'Thompson', 'Walsh', 'Weber', 'Williams', 'Wojcik', 'Young', 'Haddad', 'Kim', 'Bauer', 'Gallagher', 'Moreno',
  'Lindqvist', 'Okafor', 'Romano',
];

const GENERIC_PLACE_WORDS = [
  'Lakeside', 'Riverside', 'Northside', 'Eastside', 'Westside', 'Southside', 'Maple', 'Oakwood', 'Pinecrest', 'Cedar', 'Heritage',
  'Hometown', 'Main Street', 'Parkway', 'Summit', 'Evergreen', 'Harbor', 'Sunrise', 'Crossroads', 'Village', 'Old Town',
  'Hilltop', 'Golden', 'Liberty', 'Pioneer', 'Fairway', 'Meadowbrook', 'Willow', 'Birchwood', 'Stonegate', 'Red Oak', 'Bluebird',
];

const MARKET_PLACE_WORDS: Record<MarketId, string[]> = {
  detroit: ['Great Lakes', 'Motor City', 'Woodward', 'Mitten', 'Huron Valley', 'Oakland', 'Clinton River', 'Blue Water', 'Superior', 'Wolverine'],
  chicago: ['Windy City', 'Lakefront', 'Prairie', 'Second City', 'North Shore', 'Fox Valley', 'Des Plaines', 'Lincoln Park', 'Midway', 'Lake Shore'],
  minneapolis: ['North Star', 'Twin Cities', 'Lake Country', 'Minnehaha', 'Mississippi', 'Loon Lake', 'Northland', 'Ten Thousand Lakes', 'Gopher State', 'Nicollet'],
  florida: ['Sunshine', 'Gulf Coast', 'Suncoast', 'Palm', 'Coastal', 'Bayshore', 'Seminole', 'Tropical', 'Sandy Shores', 'Sea Breeze'],
};

export function placeWords(market: MarketId): string[] {
  return [...GENERIC_PLACE_WORDS, ...MARKET_PLACE_WORDS[market]];
}

const GENERIC_STREETS = [
  'Main St', 'Oak St', 'Maple Ave', 'Washington Blvd', 'Lake St', 'Park Ave', 'Elm St', 'Center St', 'Mill St', 'Church St',
  'Market St', 'Broadway', 'Walnut St', 'Highland Ave', 'Lincoln Ave', 'Franklin St', 'Jefferson St', 'Cedar Ln', 'Commerce Dr',
  'Industrial Pkwy',
];

const MARKET_STREETS: Record<MarketId, string[]> = {
  detroit: [
    'Woodward Ave', 'Gratiot Ave', 'Grand River Ave', 'Telegraph Rd', 'Hall Rd', 'Big Beaver Rd', 'Ford Rd', 'Michigan Ave', 'Van Dyke Ave',
    'Orchard Lake Rd', 'Northwestern Hwy', 'E Jefferson Ave', '12 Mile Rd', '14 Mile Rd', 'Ann Arbor Rd', 'Haggerty Rd', 'Rochester Rd',
    'Dequindre Rd', 'Southfield Rd', 'Plymouth Rd', 'Eureka Rd', 'Hamlin Rd', 'Packard St', 'Washtenaw Ave', 'Fort St',
  ],
  chicago: [
    'N Milwaukee Ave', 'W Irving Park Rd', 'N Clark St', 'S Halsted St', 'W Roosevelt Rd', 'N Harlem Ave', 'W Ogden Ave', 'W North Ave',
    'Golf Rd', 'Dempster St', 'N Broadway', 'S Western Ave', 'W 95th St', 'N Lincoln Ave', 'W Belmont Ave', 'E Ogden Ave', 'Rand Rd',
    'Butterfield Rd', 'W Cermak Rd', 'Lake Cook Rd', 'N Northwest Hwy', 'S Cicero Ave', 'W Lawrence Ave', 'Roosevelt Rd', 'Green Bay Rd',
  ],
  minneapolis: [
    'Hennepin Ave', 'Nicollet Ave', 'University Ave W', 'Lyndale Ave S', 'Grand Ave', 'France Ave S', 'Snelling Ave N', 'E Lake St',
    'County Rd B2', 'W 7th St', 'Central Ave NE', 'Penn Ave S', 'Excelsior Blvd', 'Wayzata Blvd', 'Cedar Ave S', 'Larpenteur Ave W',
    'White Bear Ave N', 'Robert St S', 'Old Shakopee Rd', 'Bass Lake Rd', 'Highway 7', 'Lexington Ave N', 'W 50th St', 'Rice St', 'Como Ave',
  ],
  florida: [
    'US Hwy 19 N', 'N Dale Mabry Hwy', 'International Dr', 'Biscayne Blvd', 'E Colonial Dr', 'Beach Blvd', 'SW 8th St', 'N Orange Ave',
    'Gulf Blvd', 'San Jose Blvd', 'W Kennedy Blvd', 'S Tamiami Trl', 'Collins Ave', 'W Hillsborough Ave', 'Semoran Blvd', 'Atlantic Blvd',
    'Bruce B Downs Blvd', 'S Orange Blossom Trl', 'N Federal Hwy', 'Sunset Dr', 'Bird Rd', 'Park St N', 'Ulmerton Rd', 'Baymeadows Rd',
    'W Sand Lake Rd',
  ],
};

export function streets(market: MarketId): string[] {
  return [...MARKET_STREETS[market], ...GENERIC_STREETS];
}

/** Area codes per market, for 555-01xx numbers (reserved for fiction). */
export const AREA_CODES: Record<MarketId, string[]> = {
  detroit: ['313', '248', '586', '734', '810', '517', '616'],
  chicago: ['312', '773', '630', '847', '708', '815'],
  minneapolis: ['612', '651', '763', '952', '507'],
  florida: ['813', '727', '407', '305', '904', '954', '941'],
};

/**
 * The words one subcategory (or, for special services, one trade) lends to names and offers.
 * `nouns` end business names ("Tony's Pizzeria"); `items` fill headlines ("$5 off any large pizza").
 */
export interface Flavour {
  nouns: string[];
  items: string[];
  /** Name patterns that replace the kind's patterns for this subcategory. */
  names?: string[];
  /** Headlines added to the kind's headlines for this subcategory. */
  headlines?: string[];
}

export interface BusinessKind {
  key: string;
  main: MainSlug;
  /** The home-pros group (merchant category) for home professionals. */
  group?: HomeProsGroupSlug;
  /** The static list (SPEC.md 3) whose entries become the offers' subcategories. */
  listId?: string;
  /** Share of merchants. */
  weight: number;
  names: string[];
  headlines: string[];
  details: string[];
  lead: string;
  retailerTerms: string;
  consumerTerms: string;
  flavours: Record<string, Flavour>;
  /** Fallback nouns/items from the subcategory name. */
  defaultFlavour: (entryName: string) => Flavour;
}

const HOME_PRO_NAMES = [
  '{surname} {noun}', '{place} {noun}', '{surname} & Sons {noun}', '{city} {noun} Co.', '{surname} Brothers {noun}', '{noun} Pros of {city}',
  '{place} {noun} Group', '{first} {surname} {noun}', 'Precision {noun}', 'Reliable {noun} of {city}',
];
const HOME_PRO_HEADLINES = [
  '$500 off a complete {item}', '$250 off any {item} of $3,000 or more', 'Free in-home estimate + 10% off {item}', '10% off any {item} (up to $1,000 off)',
  '0% financing for 18 months on {item}', '$100 off your first {item}', 'Seniors & veterans save an extra 10% on {item}', '$75 off any {item}',
];
const HOME_PRO_DETAILS = [
  'Free, no-obligation in-home estimate', 'Licensed and insured professionals', 'Financing available with approved credit', 'Satisfaction guaranteed, in writing',
  'Serving {city} and surrounding communities', 'Family owned and operated since {year}', 'Same-week scheduling on most projects', 'Written warranty on labor and materials',
];
const HOME_PRO_RETAILER_TERMS = 'Must be presented at time of estimate. Not valid on prior purchases or with any other offer. Minimum purchase may apply. One coupon per household.';
const HOME_PRO_LEAD = '<strong>{merchant}</strong> has helped homeowners in {city} and nearby communities since {year}.';

const homeProDefault = (suffix: string) => (name: string): Flavour => ({ nouns: [name], items: [`${name.toLowerCase()} ${suffix}`] });

const CONSUMER_TERMS = 'Present this coupon at time of purchase. Limit one coupon per customer per visit. No cash value. Cannot be combined with other offers.';

export const BUSINESS_KINDS: readonly BusinessKind[] = [
  {
    key: 'restaurant',
    main: 'food-dining',
    listId: 'restaurants',
    weight: 0.28,
    names: ["{first}'s {noun}", '{place} {noun}', "{surname}'s {noun}", '{city} {noun}', 'The {place} {noun}'],
    headlines: [
      '$5 off any purchase of $30 or more', '$10 off any purchase of $50 or more', 'Buy one entrée, get one 50% off', 'Buy one entrée, get one free (up to $12 value)',
      'Free {item} with purchase of two entrées', '20% off your entire bill', '15% off carry-out orders', '$3 off any order of $20 or more',
      'Kids eat free with each adult entrée', 'Free dessert with any dinner entrée',
    ],
    details: ['Dine-in or carry-out', 'Show this coupon when ordering', 'Valid 7 days a week', 'Catering available for groups of 10 or more', 'Order online or call ahead for pickup', 'Not valid on holidays'],
    lead: 'Treat yourself at <strong>{merchant}</strong>, serving {city} since {year}. Favorites include {extra}.',
    retailerTerms: 'Valid for dine-in or carry-out. Excludes alcohol, tax and gratuity. Not valid with any other offer or discount. One coupon per table.',
    consumerTerms: CONSUMER_TERMS,
    defaultFlavour: (name) => ({ nouns: [`${name} Kitchen`, `${name} Grill`], items: ['appetizer'] }),
    flavours: {
      pizza: {
        nouns: ['Pizzeria', 'Pizza Co.', 'Pizza & Subs', 'Pizza Kitchen', 'Pizza'],
        items: ['order of garlic knots', 'order of breadsticks', '2-liter of pop'],
        headlines: ['$5 off any large pizza', 'Two medium 1-topping pizzas for $19.99', 'Large 2-topping pizza for $13.99', 'Buy one large pizza, get one medium free'],
      },
      american: { nouns: ['Kitchen', 'Diner', 'Grill', 'Eatery'], items: ['appetizer', 'basket of fries'] },
      'asian-fusion': { nouns: ['Asian Bistro', 'Noodle Bar', 'Bao House'], items: ['order of dumplings', 'spring roll appetizer'] },
      bakery: { nouns: ['Bakery', 'Bake Shop', 'Sweets & Bakery'], items: ['cookie', 'loaf of bread'], headlines: ['$5 off any custom cake', 'Buy a dozen cupcakes, get 6 free', 'Free cookie with any purchase'] },
      'bar-grill': { nouns: ['Bar & Grill', 'Tap House', 'Tavern'], items: ['basket of wings', 'appetizer'] },
      bbq: { nouns: ['BBQ', 'Smokehouse', 'Barbecue Co.'], items: ['side of mac & cheese', 'cornbread'], headlines: ['$5 off any full slab of ribs'] },
      'breakfast-brunch': { nouns: ['Pancake House', 'Breakfast Club', 'Cafe', 'Egg & Griddle'], items: ['short stack of pancakes', 'coffee'], headlines: ['Buy one breakfast, get one half off'] },
      burgers: { nouns: ['Burgers', 'Burger Bar', 'Burger Co.'], items: ['order of fries', 'milkshake'], headlines: ['Free burger with purchase of a burger and drink'] },
      'cafe-coffee': { nouns: ['Coffee Co.', 'Cafe', 'Coffee House', 'Roasters'], items: ['pastry', 'drip coffee'], headlines: ['Buy one latte, get one free', '$2 off any specialty drink'] },
      'chicken-wings': { nouns: ['Wings', 'Wing House', 'Wings & Things'], items: ['order of fries', '6 boneless wings'], headlines: ['10 free wings with purchase of 20'] },
      chinese: { nouns: ['Chinese Kitchen', 'Wok', 'Chinese Restaurant', 'Garden'], items: ['order of egg rolls', 'crab rangoon appetizer'], names: ['Golden {noun}', '{place} {noun}', 'Great Wall {noun}', 'Lucky {noun}', 'Jade {noun}'] },
      'coney-island': { nouns: ['Coney Island', 'Coney'], items: ['coney dog', 'order of chili fries'], names: ['{place} {noun}', 'Leo & {first}\'s {noun}', '{city} {noun}', 'Original {place} {noun}'], headlines: ['Two coney dogs & fries for $9.99'] },
      'deli-sandwiches': { nouns: ['Deli', 'Sandwich Shop', 'Subs'], items: ['bag of chips', 'cup of soup'], headlines: ['$2 off any footlong sub'] },
      'desserts-ice-cream': { nouns: ['Creamery', 'Frozen Custard', 'Ice Cream Parlor', 'Sweet Shop'], items: ['kids cone', 'topping'], headlines: ['Buy one sundae, get one free', '$1 off any shake'] },
      'family-dining': { nouns: ['Family Restaurant', 'Family Diner', 'Restaurant'], items: ['kids meal', 'slice of pie'] },
      'fast-food': { nouns: ['Express', 'Drive-In', 'Quick Bite'], items: ['small fries', 'soft drink'] },
      'fine-dining': { nouns: ['Chophouse', 'Bistro', 'Brasserie'], items: ['dessert', 'appetizer'], names: ['{surname} {noun}', 'The {place} {noun}', '{noun} {surname}'], headlines: ['$25 off dinner for two'] },
      greek: { nouns: ['Greek Taverna', 'Greek Kitchen', 'Gyro'], items: ['order of saganaki', 'side of hummus'] },
      healthy: { nouns: ['Fresh Kitchen', 'Salad Co.', 'Juice Bar'], items: ['smoothie', 'side salad'] },
      indian: { nouns: ['Indian Cuisine', 'Curry House', 'Tandoor'], items: ['order of samosas', 'garlic naan'], names: ['Taste of India {noun}', '{place} {noun}', 'Royal {noun}', 'Maharaja {noun}'] },
      italian: { nouns: ['Trattoria', 'Ristorante', 'Italian Kitchen', 'Pasta House'], items: ['order of bruschetta', 'tiramisu'] },
      'japanese-sushi': { nouns: ['Sushi', 'Sushi & Hibachi', 'Ramen House'], items: ['California roll', 'miso soup'], names: ['{place} {noun}', 'Sakura {noun}', 'Kyoto {noun}', 'Umami {noun}'] },
      korean: { nouns: ['Korean BBQ', 'Korean Kitchen'], items: ['order of mandu', 'kimchi pancake'], names: ['Seoul {noun}', '{place} {noun}', 'Gangnam {noun}'] },
      mediterranean: { nouns: ['Mediterranean Grill', 'Kabob House', 'Falafel'], items: ['side of hummus', 'lentil soup'] },
      mexican: { nouns: ['Taqueria', 'Cantina', 'Mexican Grill', 'Tacos & Tequila'], items: ['chips & guacamole', 'order of churros'], headlines: ['Taco Tuesday: 3 tacos for $6', '$5 off any two combination plates'] },
      'middle-eastern': { nouns: ['Shawarma', 'Middle Eastern Grill', 'Kitchen'], items: ['side of hummus', 'fattoush salad'], names: ['Cedar {noun}', '{first}\'s {noun}', 'Beirut {noun}', '{place} {noun}'] },
      polish: { nouns: ['Polish Kitchen', 'Pierogi House', 'Deli'], items: ['half dozen pierogi', 'paczki'], names: ['{surname}\'s {noun}', 'Krakow {noun}', '{place} {noun}'] },
      'pub-food': { nouns: ['Pub', 'Public House', 'Ale House'], items: ['basket of fish and chips', 'pretzel appetizer'], names: ['{surname}\'s {noun}', 'The {place} {noun}', 'O\'{surname}\'s {noun}'] },
      seafood: { nouns: ['Seafood', 'Fish House', 'Crab Shack', 'Oyster Bar'], items: ['cup of clam chowder', 'shrimp appetizer'] },
      'soul-food': { nouns: ['Soul Food', 'Southern Kitchen'], items: ['side of mac & cheese', 'peach cobbler'] },
      steakhouse: { nouns: ['Steakhouse', 'Chophouse', 'Prime'], items: ['dessert', 'side of loaded potatoes'], headlines: ['$20 off two steak dinners'] },
      thai: { nouns: ['Thai Cuisine', 'Thai Kitchen', 'Thai Bistro'], items: ['order of spring rolls', 'Thai iced tea'], names: ['Bangkok {noun}', 'Siam {noun}', '{place} {noun}', 'Lotus {noun}'] },
      'vegetarian-vegan': { nouns: ['Plant Kitchen', 'Vegan Cafe', 'Green Table'], items: ['smoothie', 'cookie'] },
      vietnamese: { nouns: ['Pho', 'Vietnamese Kitchen', 'Banh Mi'], items: ['order of spring rolls', 'Vietnamese coffee'], names: ['Pho {place}', 'Saigon {noun}', '{place} {noun}', 'Little Saigon {noun}'] },
    },
  },
  {
    key: 'home-improvement',
    main: 'home-improvement',
    group: 'home-improvement',
    listId: 'home-improvement',
    weight: 0.09,
    names: HOME_PRO_NAMES,
    headlines: HOME_PRO_HEADLINES,
    details: HOME_PRO_DETAILS,
    lead: HOME_PRO_LEAD,
    retailerTerms: HOME_PRO_RETAILER_TERMS,
    consumerTerms: CONSUMER_TERMS,
    defaultFlavour: homeProDefault('project'),
    flavours: {
      roofing: { nouns: ['Roofing', 'Roofing & Exteriors', 'Roofing & Siding'], items: ['roof replacement', 'roofing project'], headlines: ['Free roof inspection + $1,000 off a complete tear-off'] },
      windows: { nouns: ['Window & Door', 'Windows', 'Window Co.'], items: ['window replacement', 'order of 5 or more windows'], headlines: ['Buy 4 windows, get the 5th free'] },
      'solar-energy': { nouns: ['Solar', 'Solar & Energy', 'Sun Power'], items: ['solar installation', 'solar panel system'], headlines: ['Free solar savings analysis + $1,500 off installation'] },
      'heating-cooling': { nouns: ['Heating & Cooling', 'Comfort Systems', 'HVAC'], items: ['furnace tune-up', 'new furnace or A/C system'], headlines: ['$79 furnace tune-up', '$1,000 off a new high-efficiency furnace'] },
      'kitchen-remodeling': { nouns: ['Kitchens', 'Kitchen & Bath', 'Remodeling'], items: ['kitchen remodel', 'cabinet and countertop package'] },
      'bathroom-remodeling': { nouns: ['Bath', 'Bath Remodeling', 'Kitchen & Bath'], items: ['bathroom remodel', 'tub-to-shower conversion'] },
      'basement-remodeling': { nouns: ['Basements', 'Finished Basements', 'Remodeling'], items: ['basement finishing project', 'basement remodel'] },
      flooring: { nouns: ['Flooring', 'Floor Covering', 'Carpet & Flooring'], items: ['flooring installation', 'hardwood floor refinishing'], headlines: ['Free installation on 500 sq ft or more'] },
      'handyman-services': { nouns: ['Handyman', 'Handyman Services', 'Home Repair'], items: ['handyman service call', 'half-day of handyman service'] },
      painting: { nouns: ['Painting', 'Painting & Decorating', 'Painters'], items: ['interior painting project', 'exterior paint job'] },
      plumbing: { nouns: ['Plumbing', 'Plumbing & Drain', 'Plumbing & Heating'], items: ['plumbing repair', 'water heater installation'] },
      electrical: { nouns: ['Electric', 'Electrical Contractors', 'Electric Co.'], items: ['electrical repair', 'panel upgrade'] },
      'decks-patios': { nouns: ['Decks & Patios', 'Deck Builders', 'Outdoor Living'], items: ['new deck', 'paver patio'] },
      gutters: { nouns: ['Gutters', 'Seamless Gutters', 'Gutter Guards'], items: ['gutter guard installation', 'seamless gutter installation'] },
    },
  },
  {
    key: 'service-repair',
    main: 'home-improvement',
    group: 'service-repair',
    listId: 'home-services',
    weight: 0.07,
    names: HOME_PRO_NAMES,
    headlines: [...HOME_PRO_HEADLINES.slice(2), '$25 off any {item}', '$49 {item} special', 'No trip charge on {item}'],
    details: [...HOME_PRO_DETAILS, '24/7 emergency service', 'Upfront, flat-rate pricing'],
    lead: HOME_PRO_LEAD,
    retailerTerms: 'Valid during regular business hours. Not valid on prior service or with any other offer. One coupon per household.',
    consumerTerms: CONSUMER_TERMS,
    defaultFlavour: homeProDefault('service'),
    flavours: {
      'air-conditioning-heating': { nouns: ['Heating & Air', 'Heating & Cooling', 'Air Conditioning'], items: ['A/C tune-up', 'furnace repair'], headlines: ['$69 A/C tune-up', '$50 off any furnace repair'] },
      plumbing: { nouns: ['Plumbing', 'Rooter & Plumbing', 'Plumbing Services'], items: ['drain cleaning', 'plumbing repair'], headlines: ['$89 drain cleaning special'] },
      painting: { nouns: ['Painting', 'Painting Co.', 'Painters'], items: ['interior painting', 'two-room paint job'] },
      roofing: { nouns: ['Roofing', 'Roof Repair'], items: ['roof repair', 'roof inspection'] },
      'pest-control': { nouns: ['Pest Control', 'Pest Solutions', 'Exterminating'], items: ['pest treatment', 'quarterly pest plan'], headlines: ['First pest treatment $49'] },
      electricians: { nouns: ['Electric', 'Electrical Services'], items: ['electrical service call', 'outlet or switch repair'] },
      locksmiths: { nouns: ['Lock & Key', 'Locksmith'], items: ['lockout service', 'rekey'] },
      'moving-storage': { nouns: ['Moving', 'Movers', 'Moving & Storage'], items: ['local move', 'packing service'], headlines: ['$100 off any local move'] },
      'appliance-repair': { nouns: ['Appliance Repair', 'Appliance Service'], items: ['appliance repair', 'service call'] },
      'junk-removal': { nouns: ['Junk Removal', 'Hauling'], items: ['junk removal', 'full truckload'] },
      'water-heaters': { nouns: ['Water Heaters', 'Plumbing & Water Heaters'], items: ['water heater replacement', 'tankless water heater'] },
      'home-security': { nouns: ['Security', 'Home Security', 'Alarm Co.'], items: ['security system', 'camera installation'] },
    },
  },
  {
    key: 'cleaning-maintenance',
    main: 'home-improvement',
    group: 'cleaning-maintenance',
    listId: 'cleaning-restoration',
    weight: 0.035,
    names: ['{place} {noun}', '{surname} {noun}', '{first}\'s {noun}', '{city} {noun}', 'Sparkle {noun}', 'Fresh Start {noun}', 'Spotless {noun}'],
    headlines: ['3 rooms cleaned for $99', '$50 off whole-house {item}', '20% off your first {item}', 'Free deodorizer with any {item}', '$30 off any {item} of $150 or more', '$25 off {item}'],
    details: ['Bonded and insured technicians', 'Eco-friendly products available', 'Emergency restoration 24/7', 'Serving {city} and surrounding communities', 'Satisfaction guaranteed', 'Pet-safe cleaning solutions'],
    lead: '<strong>{merchant}</strong> keeps homes and businesses in {city} clean and healthy.',
    retailerTerms: 'Residential only. Minimum charge may apply. Not valid with any other offer. One coupon per household.',
    consumerTerms: CONSUMER_TERMS,
    defaultFlavour: (name) => ({ nouns: [name, `${name} Co.`], items: [name.toLowerCase()] }),
    flavours: {
      'carpet-cleaning': { nouns: ['Carpet Cleaning', 'Carpet Care', 'Steam Clean'], items: ['carpet cleaning', 'steam cleaning'] },
      'house-cleaning': { nouns: ['Cleaning Co.', 'Home Cleaning', 'Cleaners'], items: ['house cleaning', 'deep clean'] },
      'maid-services': { nouns: ['Maids', 'Maid Service', 'Housekeeping'], items: ['maid service', 'first cleaning'] },
      'water-damage-restoration': { nouns: ['Restoration', 'Water Damage Pros', 'Restoration Services'], items: ['water damage cleanup', 'basement dry-out'] },
    },
  },
  {
    key: 'outdoors',
    main: 'home-improvement',
    group: 'outdoors',
    listId: 'outdoor',
    weight: 0.035,
    names: [...HOME_PRO_NAMES.slice(0, 6), '{place} Lawn & Landscape', 'Green Acres {noun}'],
    headlines: [...HOME_PRO_HEADLINES, 'First lawn mowing free with season contract', '15% off spring cleanup'],
    details: [...HOME_PRO_DETAILS, 'Design consultations at no charge'],
    lead: HOME_PRO_LEAD,
    retailerTerms: HOME_PRO_RETAILER_TERMS,
    consumerTerms: CONSUMER_TERMS,
    defaultFlavour: homeProDefault('project'),
    flavours: {
      landscaping: { nouns: ['Landscaping', 'Landscape Design', 'Lawn & Landscape'], items: ['landscape design', 'spring cleanup'] },
      'lawn-care': { nouns: ['Lawn Care', 'Lawn Service', 'Turf Care'], items: ['lawn treatment program', 'aeration'] },
      'tree-service': { nouns: ['Tree Service', 'Tree Care', 'Arborists'], items: ['tree removal', 'tree trimming'] },
      'snow-removal': { nouns: ['Snow Removal', 'Snow & Ice'], items: ['seasonal snow plowing contract', 'driveway plowing'] },
      'pools-spas': { nouns: ['Pools & Spas', 'Pool Service', 'Hot Tubs'], items: ['pool opening', 'hot tub'] },
    },
  },
  {
    key: 'kitchen-bath',
    main: 'home-improvement',
    group: 'kitchen-bath',
    listId: 'home',
    weight: 0.03,
    names: [...HOME_PRO_NAMES.slice(0, 7), '{place} Kitchen & Bath', 'Bath Fitter of {city}'],
    headlines: [...HOME_PRO_HEADLINES, 'Free sink upgrade with any countertop order', 'Walk-in tub: $1,500 off installation'],
    details: [...HOME_PRO_DETAILS, 'Visit our showroom for a free design consultation'],
    lead: HOME_PRO_LEAD,
    retailerTerms: HOME_PRO_RETAILER_TERMS,
    consumerTerms: CONSUMER_TERMS,
    defaultFlavour: homeProDefault('project'),
    flavours: {
      'kitchen-remodeling': { nouns: ['Kitchens', 'Kitchen Design', 'Kitchen & Bath'], items: ['kitchen remodel', 'kitchen design package'] },
      'bathroom-remodeling': { nouns: ['Bath', 'Bath Remodeling', 'Bath & Shower'], items: ['bathroom remodel', 'shower replacement'] },
      countertops: { nouns: ['Countertops', 'Granite & Quartz', 'Stone Works'], items: ['countertop installation', 'quartz countertop order'] },
      cabinets: { nouns: ['Cabinets', 'Cabinetry', 'Cabinet Co.'], items: ['cabinet order', 'cabinet refacing'] },
    },
  },
  {
    key: 'auto',
    main: 'auto-transportation',
    listId: 'auto',
    weight: 0.11,
    names: ['{place} Auto Care', '{surname} Automotive', '{city} {noun}', "{first}'s {noun}", '{place} {noun}', '{surname} & Sons {noun}'],
    headlines: [
      '$10 off any oil change', '$25 off brake service', 'Free tire rotation with any oil change', '$50 off any repair of $300 or more', '15% off parts and labor',
      '$20 off any {item}', 'Free multi-point inspection with any {item}',
    ],
    details: ['ASE-certified technicians', 'Most makes and models', 'Free shuttle service', 'Warranty on parts and labor', 'Walk-ins welcome', 'Open Saturdays'],
    lead: '<strong>{merchant}</strong> has kept {city} drivers on the road since {year}.',
    retailerTerms: 'Most vehicles. Present coupon at write-up. Not valid with any other offer or on prior services. Shop supplies and tax extra.',
    consumerTerms: CONSUMER_TERMS,
    defaultFlavour: (name) => ({ nouns: [name], items: [name.toLowerCase()] }),
    flavours: {
      'auto-accessories': { nouns: ['Auto Accessories', 'Truck & Auto Accessories', 'Auto Sound'], items: ['remote starter', 'bedliner'], headlines: ['$50 off remote starter installation'] },
      'auto-dealers': { nouns: ['Motors', 'Auto Group', 'Auto Mall', 'Auto Sales'], items: ['service visit', 'oil change'], names: ['{surname} {noun}', '{place} {noun}', '{city} {noun}'], headlines: ['$30 off any service of $150 or more'] },
      'auto-glass': { nouns: ['Auto Glass', 'Glass & Mirror'], items: ['windshield replacement', 'chip repair'], headlines: ['Free chip repair with insurance'] },
      'auto-repair': { nouns: ['Auto Care', 'Auto Repair', 'Service Center', 'Automotive'], items: ['repair', 'check engine diagnostic'] },
      'car-rental': { nouns: ['Car Rental', 'Rent-A-Car'], items: ['weekend rental', 'weekly rental'], headlines: ['15% off weekend rentals'] },
      'car-washing-detailing': { nouns: ['Car Wash', 'Auto Spa', 'Detailing'], items: ['full detail', 'ultimate wash'], headlines: ['$5 off the ultimate wash', 'Unlimited washes for $19.99 a month'] },
      financing: { nouns: ['Auto Credit', 'Auto Finance'], items: ['auto loan', 'refinance'], headlines: ['No application fee on auto loans', 'Refinance and skip your first payment'] },
      'mufflers-brakes': { nouns: ['Muffler & Brake', 'Brakes & More', 'Exhaust & Brake'], items: ['brake job', 'exhaust repair'], headlines: ['$50 off a complete brake job'] },
      'oil-change-lube': { nouns: ['Quick Lube', 'Oil Change', 'Lube & Oil'], items: ['full synthetic oil change', 'oil change'], headlines: ['$7 off any oil change'] },
      tires: { nouns: ['Tire & Auto', 'Tire Center', 'Tire Pros'], items: ['set of 4 tires', 'wheel alignment'], headlines: ['Buy 3 tires, get the 4th free', '$20 off a four-wheel alignment'] },
      transmissions: { nouns: ['Transmission', 'Transmission & Auto', 'Transmission Center'], items: ['transmission service', 'transmission flush'], headlines: ['$40 off transmission fluid service'] },
    },
  },
  {
    key: 'entertainment',
    main: 'travel-entertainment',
    listId: 'entertainment',
    weight: 0.08,
    names: ['{place} {noun}', '{city} {noun}', '{surname}\'s {noun}', 'Family Fun {noun}', 'The {place} {noun}'],
    headlines: ['Buy one {item}, get one free', '$5 off admission', '2-for-1 {item}', '20% off a birthday party package', 'Kids get in free with a paid adult', '$10 off any purchase of $40 or more'],
    details: ['Perfect for families and groups', 'Birthday and group packages available', 'Open 7 days a week', 'Gift cards available', 'Free parking'],
    lead: 'Make memories at <strong>{merchant}</strong> in {city}.',
    retailerTerms: 'Not valid on holidays or with any other offer. Subject to availability. One coupon per group.',
    consumerTerms: CONSUMER_TERMS,
    defaultFlavour: (name) => ({ nouns: [name], items: ['admission'] }),
    flavours: {
      'amusement-parks': { nouns: ['Adventure Park', 'Fun Park', 'Amusement Park'], items: ['all-day ride pass'] },
      arcades: { nouns: ['Arcade', 'Game Zone', 'Fun Center'], items: ['$20 game card'], headlines: ['Double game card value on Tuesdays'] },
      bowling: { nouns: ['Lanes', 'Bowl', 'Bowling Center'], items: ['game of bowling'], headlines: ['Free shoe rental with 2 games'] },
      'escape-rooms': { nouns: ['Escape Rooms', 'Escape Games'], items: ['escape room ticket'] },
      'go-karts': { nouns: ['Go-Karts', 'Raceway', 'Karting'], items: ['go-kart race'] },
      golf: { nouns: ['Golf Club', 'Golf Course', 'Golf Center'], items: ['round of 18 holes with cart', 'bucket of range balls'] },
      'hotels-lodging': { nouns: ['Inn', 'Hotel & Suites', 'Lodge'], items: ['night stay'], headlines: ['20% off weekend stays', 'Stay 2 nights, get the 3rd free'] },
      'laser-tag': { nouns: ['Laser Tag', 'Laser Arena'], items: ['laser tag game'] },
      'mini-golf': { nouns: ['Mini Golf', 'Putt-Putt', 'Adventure Golf'], items: ['round of mini golf'] },
      'movie-theaters': { nouns: ['Cinemas', 'Theatres', 'Cinema Grill'], items: ['movie ticket', 'large popcorn'] },
      museums: { nouns: ['Museum', 'History Center', 'Science Center'], items: ['museum admission'] },
      theaters: { nouns: ['Playhouse', 'Theatre', 'Performing Arts Center'], items: ['show ticket'] },
      'trampoline-parks': { nouns: ['Trampoline Park', 'Jump Zone', 'Air Park'], items: ['one-hour jump pass'] },
      'zoos-aquariums': { nouns: ['Zoo', 'Aquarium', 'Wildlife Park'], items: ['zoo admission', 'aquarium admission'] },
    },
  },
  {
    key: 'health-beauty',
    main: 'health-beauty',
    listId: 'health-beauty',
    weight: 0.11,
    names: ["{first}'s {noun}", '{place} {noun}', '{surname} {noun}', '{city} {noun}', 'The {noun} Studio'],
    headlines: ['$10 off any service of $40 or more', '20% off your first visit', '$15 off any {item}', 'New clients: {item} for half price', 'First month free', 'Free consultation + 10% off {item}'],
    details: ['Licensed, experienced professionals', 'New clients welcome', 'Evening and weekend appointments', 'Book online or call', 'Gift certificates available'],
    lead: 'Look and feel your best at <strong>{merchant}</strong> in {city}.',
    retailerTerms: 'New and existing clients. By appointment. Not valid with any other offer or on gift card purchases.',
    consumerTerms: CONSUMER_TERMS,
    defaultFlavour: (name) => ({ nouns: [name], items: [`${name.toLowerCase()} service`] }),
    flavours: {
      barbers: { nouns: ['Barber Shop', 'Barbers', 'Barber Co.'], items: ['haircut', 'haircut & beard trim'] },
      chiropractors: { nouns: ['Chiropractic', 'Chiropractic & Wellness', 'Spine Center'], items: ['adjustment', 'exam and X-rays'], headlines: ['New patient exam & X-rays for $49'] },
      dentists: { nouns: ['Family Dentistry', 'Dental', 'Dental Care', 'Smiles'], items: ['teeth whitening', 'exam and cleaning'], headlines: ['New patient exam, X-rays & cleaning for $79'] },
      'eye-care': { nouns: ['Eye Care', 'Vision Center', 'Optical'], items: ['pair of glasses', 'eye exam'], headlines: ['$50 off a complete pair of glasses'] },
      'fitness-gyms': { nouns: ['Fitness', 'Gym', 'Athletic Club', 'CrossFit'], items: ['membership', 'personal training session'], headlines: ['First month free with a 12-month membership'] },
      'hair-salons': { nouns: ['Salon', 'Hair Studio', 'Salon & Spa'], items: ['cut & style', 'color service'] },
      'hearing-aids': { nouns: ['Hearing Center', 'Hearing Aids'], items: ['hearing exam', 'pair of hearing aids'], headlines: ['Free hearing test + $500 off a pair of hearing aids'] },
      'lash-brow': { nouns: ['Lash & Brow', 'Lash Studio', 'Brow Bar'], items: ['full set of lashes', 'brow shaping'] },
      massage: { nouns: ['Massage', 'Massage Therapy', 'Bodywork'], items: ['60-minute massage', 'hot stone massage'] },
      'med-spas': { nouns: ['Med Spa', 'Aesthetics', 'Skin Clinic'], items: ['facial', 'laser treatment'] },
      'nail-salons': { nouns: ['Nails', 'Nail Spa', 'Nail Lounge'], items: ['mani-pedi', 'gel manicure'] },
      'physical-therapy': { nouns: ['Physical Therapy', 'Rehab', 'PT'], items: ['evaluation'] },
      spas: { nouns: ['Day Spa', 'Spa', 'Wellness Spa'], items: ['spa package', 'facial'] },
      tanning: { nouns: ['Tanning', 'Tan Studio', 'Sun Spa'], items: ['spray tan', 'tanning package'] },
      waxing: { nouns: ['Wax Studio', 'Waxing', 'Wax Bar'], items: ['wax service'] },
      'weight-loss': { nouns: ['Weight Loss', 'Medical Weight Loss', 'Wellness'], items: ['weight-loss program', 'consultation'] },
      'yoga-pilates': { nouns: ['Yoga', 'Pilates', 'Yoga & Pilates'], items: ['class pack', 'intro month'] },
    },
  },
  {
    key: 'retail',
    main: 'retail-fashion',
    listId: 'retail',
    weight: 0.1,
    names: ["{first}'s {noun}", '{place} {noun}', '{surname} {noun}', '{city} {noun}', 'The {place} {noun}'],
    headlines: ['$10 off any purchase of $50 or more', '20% off one regular-priced item', '$5 off your next purchase', 'Free gift with any purchase', '15% off your entire order', '$20 off any {item}'],
    details: ['Locally owned and operated', 'Gift wrapping available', 'Shop in store or order by phone', 'New arrivals every week', 'Free local delivery on large orders'],
    lead: 'Shop local at <strong>{merchant}</strong> in {city}.',
    retailerTerms: 'Excludes sale items, gift cards and special orders. Not valid with any other offer. One coupon per customer.',
    consumerTerms: CONSUMER_TERMS,
    defaultFlavour: (name) => ({ nouns: [name], items: ['purchase of $75 or more'] }),
    flavours: {
      'apparel-accessories': { nouns: ['Boutique', 'Clothing Co.', 'Outfitters'], items: ['purchase of $100 or more'] },
      'bridal-formal-wear': { nouns: ['Bridal', 'Formal Wear', 'Bridal & Tux'], items: ['tuxedo rental', 'bridal gown'] },
      'cleaners-tailors-laundry': { nouns: ['Cleaners', 'Dry Cleaners', 'Tailors & Cleaners'], items: ['dry cleaning order'], headlines: ['20% off dry cleaning', 'Free shirt laundering with any dry cleaning order'] },
      'consignment-resale': { nouns: ['Resale', 'Consignment', 'Thrift'], items: ['purchase'] },
      'electronics-cell-phones': { nouns: ['Wireless', 'Electronics', 'Phone Repair'], items: ['screen repair', 'phone case'] },
      florists: { nouns: ['Florist', 'Flowers', 'Floral Design'], items: ['bouquet'], headlines: ['15% off any bouquet', 'Free delivery on orders over $50'] },
      furniture: { nouns: ['Furniture', 'Home Furnishings', 'Furniture Gallery'], items: ['sofa or sectional'] },
      'garden-centers': { nouns: ['Garden Center', 'Nursery', 'Greenhouse'], items: ['flat of annuals'] },
      'gifts-novelties': { nouns: ['Gifts', 'Gift Shop', 'Emporium'], items: ['gift basket'] },
      hardware: { nouns: ['Hardware', 'Hardware & Supply', 'True Hardware'], items: ['purchase of $50 or more'] },
      'home-decor': { nouns: ['Home Decor', 'Interiors', 'Home & Gift'], items: ['lamp or rug'] },
      jewelry: { nouns: ['Jewelers', 'Fine Jewelry', 'Diamond Co.'], items: ['jewelry repair', 'watch battery'], headlines: ['Free ring cleaning and inspection'] },
      'liquor-beer-wine': { nouns: ['Wine & Spirits', 'Party Store', 'Liquor'], items: ['case of wine'] },
      mattresses: { nouns: ['Mattress', 'Sleep Center', 'Mattress Outlet'], items: ['queen mattress set'] },
      'pet-supplies': { nouns: ['Pet Supply', 'Pet Shop', 'Pet Pantry'], items: ['bag of premium dog food'], headlines: ['$5 off any bag of premium dog food'] },
      shoes: { nouns: ['Shoes', 'Shoe Co.', 'Footwear'], items: ['pair of shoes'] },
      'sporting-goods': { nouns: ['Sports', 'Outdoors', 'Sporting Goods'], items: ['bike tune-up', 'pair of skates'] },
      'toys-hobbies': { nouns: ['Toys', 'Hobby Shop', 'Toy Box'], items: ['LEGO set', 'board game'] },
    },
  },
  {
    key: 'special-services',
    main: 'special-services',
    weight: 0.06,
    names: ['{place} {noun}', '{surname} {noun}', "{first}'s {noun}", '{city} {noun}'],
    headlines: ['$25 off {item}', '20% off your first {item}', 'Free consultation', '$10 off any {item}'],
    details: ['Locally owned and operated', 'Appointments available evenings and weekends', 'Serving {city} and surrounding communities', 'Satisfaction guaranteed'],
    lead: '<strong>{merchant}</strong> serves families and businesses across {city}.',
    retailerTerms: 'New customers only. Not valid with any other offer. One coupon per customer.',
    consumerTerms: CONSUMER_TERMS,
    defaultFlavour: (name) => ({ nouns: [name], items: ['service'] }),
    // No static list for this category (SPEC.md 3 names none): these trades only shape the words.
    flavours: {
      tax: { nouns: ['Tax Service', 'Tax & Accounting', 'Tax Pros'], items: ['tax preparation', 'tax return'] },
      moving: { nouns: ['Movers', 'Moving Co.'], items: ['local move'] },
      grooming: { nouns: ['Pet Grooming', 'Grooming & Spa', 'Dog Spa'], items: ['full groom', 'bath & brush'] },
      photography: { nouns: ['Photography', 'Photo Studio'], items: ['portrait session', 'family photo session'] },
      printing: { nouns: ['Printing & Signs', 'Print Shop', 'Sign Co.'], items: ['business card order', 'banner order'] },
      insurance: { nouns: ['Insurance Agency', 'Insurance Group'], items: ['insurance quote'], headlines: ['Free home and auto insurance review'] },
      tutoring: { nouns: ['Learning Center', 'Tutoring'], items: ['tutoring package', 'test prep course'] },
      storage: { nouns: ['Self Storage', 'Storage'], items: ['first month of storage'], headlines: ['First month of storage for $1'] },
      shipping: { nouns: ['Pack & Ship', 'Shipping Center'], items: ['shipment'] },
      'child-care': { nouns: ['Kids Academy', 'Child Care Center', 'Learning Academy'], items: ['first week of care'] },
    },
  },
];

/** Car models for Michigan lease and purchase offers (made-up names: no real brand is implied). */
export const CAR_MODELS = ['Aurora LX sedan', 'Meridian AWD SUV', 'Vista hybrid crossover', 'Cascade Sport coupe', 'Harbor EV hatchback', 'Prairie 4x4 pickup', 'Summit 7-passenger SUV', 'Ridgeway crew cab'];

export const LEASE_HEADLINES = ['Lease a new 2026 {model} for ${price}/mo', 'New 2026 {model}: ${price} a month for 36 months', '$0 down lease on a 2026 {model}, ${price}/mo'];
export const PURCHASE_HEADLINES = ['{apr}% APR for 60 months on a new 2026 {model}', '$3,000 below MSRP on a new 2026 {model}', 'Employee pricing on every 2026 {model} in stock', '$2,500 cash back on a new 2026 {model}'];
export const LEASE_TERMS = 'Lease for 36 months, 10,000 miles per year, $2,999 due at signing. With approved credit through the manufacturer\'s captive lender. Tax, title, license and dealer fees extra. See dealer for details.';
export const PURCHASE_TERMS = 'With approved credit. Not all buyers will qualify. Tax, title, license and dealer fees extra. Must take delivery from dealer stock. See dealer for details.';
