// Callouts of the content service (SPEC.md 3 Callouts, 7): a few per state we sell in, some shown
// for all states, the default set for the fallback, and the single settings row.
import { CALLOUT_DESIGNS, mediaPaths } from '../media-paths.ts';

export interface CalloutRow {
  id: number;
  image_url: string;
  image_mime: string;
  alternative_text: string;
  link: string;
  target: string;
  rel: string;
  open_link_in_new_tab: boolean;
  order_num: number;
  show_for_all_states: boolean;
  states: string[];
  is_default: boolean;
}

interface CalloutDef {
  design: string;
  link: string;
  states?: string[];
  all?: boolean;
  isDefault?: boolean;
  external?: boolean;
}

const CALLOUTS: CalloutDef[] = [
  { design: 'michigan-home-savings', link: '/browse/home-improvement', states: ['MI'] },
  { design: 'michigan-car-deals', link: '/browse/auto-transportation', states: ['MI'] },
  { design: 'detroit-eats', link: '/browse/food-dining', states: ['MI'] },
  { design: 'chicago-pizza-week', link: '/search?q=pizza', states: ['IL'] },
  { design: 'chicago-spa-days', link: '/browse/health-beauty', states: ['IL'] },
  { design: 'chicago-family-fun', link: '/browse/travel-entertainment', states: ['IL'] },
  { design: 'twin-cities-home-pros', link: '/browse/home-improvement', states: ['MN'] },
  { design: 'twin-cities-dining', link: '/browse/food-dining', states: ['MN'] },
  { design: 'twin-cities-certified', link: '/business/certification', states: ['MN'] },
  { design: 'florida-sunshine-savings', link: '/browse/retail-fashion', states: ['FL'] },
  { design: 'florida-ac-tune-ups', link: '/search?q=air%20conditioning', states: ['FL'] },
  { design: 'florida-fun', link: '/browse/travel-entertainment', states: ['FL'] },
  { design: 'print-anywhere', link: '/browse/all', all: true },
  { design: 'enter-contests', link: '/contests', all: true },
  { design: 'advertise', link: 'https://advertise.localsaver.example/', all: true, external: true },
  // The fallback set (SPEC.md 7: GET /api/default-callouts when the service fails or says so).
  { design: 'live-life-for-less', link: '/browse/all', isDefault: true },
  { design: 'become-member', link: '/membership', isDefault: true },
  { design: 'browse-home-pros', link: '/browse/home-improvement', isDefault: true },
  { design: 'enter-contests', link: '/contests', isDefault: true },
];

export function buildCallouts(): { callouts: CalloutRow[]; settings: { id: 1; use_default_callouts: boolean; number_of_default_callouts_to_use: number; randomize_callout_order: boolean } } {
  const orders = new Map<string, number>();
  const callouts = CALLOUTS.map((def, i): CalloutRow => {
    const design = CALLOUT_DESIGNS.find((d) => d.key === def.design);
    if (!design) throw new Error(`unknown callout design ${def.design}`);
    const group = def.isDefault ? 'default' : def.all ? 'all' : def.states!.join(',');
    const order = (orders.get(group) ?? 0) + 1;
    orders.set(group, order);
    return {
      id: i + 1,
      image_url: mediaPaths.callout(design.key),
      image_mime: 'image/svg+xml',
      alternative_text: `${design.title}: ${design.subtitle}`,
      link: def.link,
      target: def.external ? '_blank' : '_self',
      rel: def.external ? 'noopener noreferrer' : '',
      open_link_in_new_tab: def.external ?? false,
      order_num: def.all ? 10 + order : order,
      show_for_all_states: def.all ?? false,
      states: def.states ?? [],
      is_default: def.isDefault ?? false,
    };
  });
  return { callouts, settings: { id: 1, use_default_callouts: false, number_of_default_callouts_to_use: 4, randomize_callout_order: false } };
}
