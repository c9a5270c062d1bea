// The demo account's business: a New York home-services company with three websites. Pure data:
// demoToolbox.ts turns it into rows, demoTraffic.ts and demoCalls.ts into a history.

/** Day names as the contract's WorkingHours spell them. */
type Day = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface DemoAgent {
  key: string;
  name: string;
  phone: string;
  isActive: boolean;
  /** Local times in the account's time zone. */
  hours: Partial<Record<Day, [string, string][]>>;
}

const weekdays = (frames: [string, string][]): Partial<Record<Day, [string, string][]>> => ({
  monday: frames,
  tuesday: frames,
  wednesday: frames,
  thursday: frames,
  friday: frames,
});

export const DEMO_AGENTS: DemoAgent[] = [
  { key: 'maria', name: 'Maria Gonzalez', phone: '+12125550147', isActive: true, hours: weekdays([['08:00', '16:00']]) },
  { key: 'james', name: 'James Whitaker', phone: '+16465550162', isActive: true, hours: weekdays([['10:00', '18:00']]) },
  {
    key: 'priya',
    name: 'Priya Raman',
    phone: '+12125550178',
    isActive: true,
    hours: { tuesday: [['09:00', '17:00']], wednesday: [['09:00', '17:00']], thursday: [['09:00', '17:00']], friday: [['09:00', '17:00']], saturday: [['09:00', '14:00']] },
  },
  {
    key: 'daniel',
    name: 'Daniel Okafor',
    phone: '+19175550183',
    isActive: true,
    hours: { monday: [['12:00', '20:00']], wednesday: [['12:00', '20:00']], friday: [['12:00', '20:00']], saturday: [['09:00', '13:00']] },
  },
  {
    key: 'sophie',
    name: 'Sophie Laurent',
    phone: '+16465550191',
    isActive: false,
    hours: { monday: [['08:00', '12:00'], ['13:00', '17:00']], tuesday: [['08:00', '12:00'], ['13:00', '17:00']], thursday: [['08:00', '12:00'], ['13:00', '17:00']] },
  },
];

/** The number the plumbing hotline rings directly: a placeholder agent (no name, not regular; spec §3 Agent). */
export const DEMO_HOTLINE_NUMBER = '+12125550133';

export interface DemoWebsite {
  key: string;
  domain: string;
  /** Page visits on an average weekday at the start of the 90 days. */
  weekdayVisits: number;
  pages: string[];
}

export const DEMO_WEBSITES: DemoWebsite[] = [
  {
    key: 'main',
    domain: 'lakesidehomeservices.com',
    weekdayVisits: 430,
    pages: ['/', '/services', '/services/water-heaters', '/services/drain-cleaning', '/services/boiler-repair', '/pricing', '/contact', '/blog/5-signs-your-boiler-needs-service'],
  },
  {
    key: 'plumbing',
    domain: 'lakeside-plumbing.com',
    weekdayVisits: 240,
    pages: ['/', '/emergency-plumber', '/leak-detection', '/sewer-line-repair', '/pricing'],
  },
  {
    key: 'hvac',
    domain: 'lakesidehvac.com',
    weekdayVisits: 150,
    pages: ['/', '/ac-repair', '/furnace-installation', '/heat-pumps', '/maintenance-plans'],
  },
];

export interface DemoWidget {
  key: string;
  website: string;
  /** 1 Exit popup, 2 Timed popup, 3 Floating icon (db/referenceData.ts). */
  typeId: 1 | 2 | 3;
  name: string;
  isActive: boolean;
  /** Agents rung in order, with a calling rule; none means the hotline number. */
  agents: string[];
  callingRuleId: number | null;
  /** Share of page visits that see the widget, and share of views that click it. */
  viewRate: number;
  clickRate: number;
}

export const DEMO_WIDGETS: DemoWidget[] = [
  { key: 'main-exit', website: 'main', typeId: 1, name: 'Before you go: free quote', isActive: true, agents: ['maria', 'james', 'priya'], callingRuleId: 1, viewRate: 0.19, clickRate: 0.07 },
  { key: 'main-timed', website: 'main', typeId: 2, name: 'Spring tune-up offer', isActive: true, agents: ['james', 'maria'], callingRuleId: 2, viewRate: 0.34, clickRate: 0.045 },
  { key: 'main-icon', website: 'main', typeId: 3, name: 'Call us now', isActive: true, agents: ['maria', 'james', 'priya', 'daniel'], callingRuleId: 3, viewRate: 0.58, clickRate: 0.035 },
  { key: 'main-icon-old', website: 'main', typeId: 3, name: 'Call icon (old design)', isActive: false, agents: ['maria'], callingRuleId: 1, viewRate: 0, clickRate: 0 },
  { key: 'plumbing-icon', website: 'plumbing', typeId: 3, name: 'Plumbing hotline', isActive: true, agents: [], callingRuleId: null, viewRate: 0.62, clickRate: 0.05 },
  { key: 'plumbing-exit', website: 'plumbing', typeId: 1, name: 'Emergency plumber?', isActive: true, agents: ['daniel', 'priya'], callingRuleId: 2, viewRate: 0.21, clickRate: 0.08 },
  { key: 'hvac-timed', website: 'hvac', typeId: 2, name: 'HVAC check-up', isActive: true, agents: ['priya', 'daniel'], callingRuleId: 1, viewRate: 0.36, clickRate: 0.05 },
];

/** Where callers are: mostly the metro area, a few from farther away (spec §3 Call geolocation). */
export const DEMO_PLACES: { weight: number; country: string; region: string; city: string; areaCodes: string[] }[] = [
  { weight: 30, country: 'United States', region: 'New York', city: 'New York', areaCodes: ['212', '646', '917'] },
  { weight: 18, country: 'United States', region: 'New York', city: 'Brooklyn', areaCodes: ['718', '347'] },
  { weight: 9, country: 'United States', region: 'New York', city: 'Queens', areaCodes: ['718', '929'] },
  { weight: 8, country: 'United States', region: 'New Jersey', city: 'Jersey City', areaCodes: ['201', '551'] },
  { weight: 6, country: 'United States', region: 'New Jersey', city: 'Newark', areaCodes: ['973', '862'] },
  { weight: 6, country: 'United States', region: 'New York', city: 'Yonkers', areaCodes: ['914'] },
  { weight: 5, country: 'United States', region: 'New York', city: 'Hempstead', areaCodes: ['516'] },
  { weight: 4, country: 'United States', region: 'Connecticut', city: 'Stamford', areaCodes: ['203'] },
  { weight: 2, country: 'United States', region: 'Pennsylvania', city: 'Philadelphia', areaCodes: ['215', '267'] },
  { weight: 1, country: 'Canada', region: 'Ontario', city: 'Toronto', areaCodes: ['416'] },
];

/** What visitors write in the schedule form's custom fields (the widgets ask these three). */
export const DEMO_CUSTOM_FIELD_LABELS = ['What do you need help with?', 'Your ZIP code', 'Anything we should know?'] as const;

export const DEMO_REQUESTS = [
  'Water heater not heating',
  'Leaking pipe under the kitchen sink',
  'AC not cooling, upstairs only',
  'Furnace tune-up before winter',
  'Clogged drain in the basement',
  'Quote for a bathroom remodel',
  'Boiler making a banging noise',
  'Running toilet',
  'Heat pump installation, 2-bedroom apartment',
  'Low water pressure',
  'Thermostat replacement',
  'Sewer smell in the laundry room',
];

export const DEMO_ZIP_CODES = ['10027', '10011', '11215', '11375', '07302', '10701', '11550', '06901', '10463', '11201', '10128', '07102'];

export const DEMO_NOTES = [
  'Please call after 5 pm, I work days',
  'Buzzer is broken: call when outside',
  'Gate code "4412", ring twice',
  'Tenant, landlord approved the repair',
  'Prefer Spanish if possible',
  'Second floor, dog in the yard (friendly)',
];
