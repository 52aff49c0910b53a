// The marketing pages of SPEC.md 2 Routes (/kitchen-and-bath, /outdoors, /home-improvement,
// /service-and-repair, /cleaning-and-maintenance): one per home-pros category, "named in page
// metadata". Each page's path, its category and its copy.
export interface MarketingPage {
  path: string;
  /** The home-pros category it promotes (SPEC.md 3). */
  category: 'kitchen-bath' | 'outdoors' | 'home-improvement' | 'service-repair' | 'cleaning-maintenance';
  title: string;
  headline: string;
  lead: string;
  description: string;
  projects: readonly string[];
  tips: readonly string[];
}

export const MARKETING_PAGES: readonly MarketingPage[] = [
  {
    path: 'kitchen-and-bath',
    category: 'kitchen-bath',
    title: 'Kitchen & Bath Remodeling',
    headline: 'The kitchen and bath you keep putting off',
    lead: 'Cabinets, counters, tile, plumbing fixtures and full remodels from certified local pros, with offers that take the edge off the budget.',
    description: 'Kitchen and bathroom remodeling offers from certified local pros in Michigan, Illinois, Minnesota and Florida.',
    projects: ['Cabinet refacing and new cabinets', 'Countertops: quartz, granite, laminate', 'Tub-to-shower conversions and walk-in showers', 'Tile floors and backsplashes', 'Sinks, faucets and fixtures', 'Accessible bathrooms'],
    tips: ['Get at least two written estimates with the same scope.', 'Ask who pulls the plumbing and electrical permits.', 'Order cabinets and counters early; lead times set the schedule.'],
  },
  {
    path: 'outdoors',
    category: 'outdoors',
    title: 'Outdoor Living & Landscaping',
    headline: 'Make the most of the outdoor season',
    lead: 'Decks, patios, fences, lawn care, landscaping and sprinklers from local pros who know your climate.',
    description: 'Deck, patio, fence, lawn and landscaping offers from certified local pros near you.',
    projects: ['Decks and porches', 'Paver patios and walkways', 'Fences and gates', 'Lawn care and landscaping', 'Sprinkler systems', 'Tree trimming and removal'],
    tips: ['Book spring work in winter; the best crews fill up first.', 'Ask whether the deck or fence needs a permit in your city.', 'Check where property lines and buried utilities are before digging.'],
  },
  {
    path: 'home-improvement',
    category: 'home-improvement',
    title: 'Home Improvement',
    headline: 'Home improvement, done right the first time',
    lead: 'Roofing, siding, windows, basements, flooring and additions from pros who are licensed where required, bonded when needed and insured.',
    description: 'Roofing, windows, siding, basement and flooring offers from certified home improvement pros.',
    projects: ['Roofing and gutters', 'Windows and doors', 'Siding', 'Basement finishing and waterproofing', 'Flooring', 'Additions and solar energy'],
    tips: ["Ask for proof of license, bond and insurance, or look for the Certified badge.", 'Get the warranty for materials and labor in writing.', 'Never pay the full price up front.'],
  },
  {
    path: 'service-and-repair',
    category: 'service-repair',
    title: 'Home Service & Repair',
    headline: 'Fast help when something breaks',
    lead: 'Heating and air conditioning, plumbing, electrical, appliance repair and handyman services near you.',
    description: 'Heating, cooling, plumbing, electrical and appliance repair offers from local pros.',
    projects: ['Furnace and air conditioning service', 'Water heaters', 'Plumbing repairs and drain cleaning', 'Electrical repairs and panel upgrades', 'Appliance repair', 'Handyman services'],
    tips: ['Schedule furnace and A/C tune-ups before the season starts.', 'Ask for a flat-rate price before work begins.', 'Keep the model and serial numbers of your appliances handy.'],
  },
  {
    path: 'cleaning-and-maintenance',
    category: 'cleaning-maintenance',
    title: 'Cleaning & Maintenance',
    headline: 'A cleaner home, without giving up your weekend',
    lead: 'House cleaning, carpet and duct cleaning, window washing, restoration and pest control from local pros.',
    description: 'House cleaning, carpet, duct and window cleaning, restoration and pest control offers near you.',
    projects: ['House cleaning', 'Carpet and upholstery cleaning', 'Air duct cleaning', 'Window washing', 'Water and fire damage restoration', 'Pest control'],
    tips: ['Ask whether the cleaning crew is employed and insured.', 'Agree a checklist for recurring cleanings.', 'After water damage, call a restoration pro within 48 hours.'],
  },
];

export function marketingPage(path: string): MarketingPage | null {
  return MARKETING_PAGES.find((p) => p.path === path) ?? null;
}
