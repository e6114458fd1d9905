/** Fixed, real-looking (but invented) names and places of the demo network in four BC regions. */

export type RegionCode = 'fvrd' | 'rdno' | 'cov' | 'mv';
export const REGION_CODES: readonly RegionCode[] = ['fvrd', 'rdno', 'cov', 'mv'];

export interface Town {
  /** The name used in store names: a city, or a Vancouver neighbourhood. */
  place: string;
  city: string;
  region: RegionCode;
  lon: number;
  lat: number;
  /** Forward sortation area (first half of the postal code). */
  fsa: string;
  streets: readonly string[];
}

const t = (
  place: string,
  city: string,
  region: RegionCode,
  lon: number,
  lat: number,
  fsa: string,
  streets: string[],
): Town => ({
  place,
  city,
  region,
  lon,
  lat,
  fsa,
  streets,
});

export const TOWNS: readonly Town[] = [
  t('Kitsilano', 'Vancouver', 'cov', -123.1648, 49.2684, 'V6K', ['W 4th Ave', 'W Broadway', 'Yew St']),
  t('Mount Pleasant', 'Vancouver', 'cov', -123.1007, 49.2633, 'V5T', ['Main St', 'E Broadway', 'Kingsway']),
  t('Commercial Drive', 'Vancouver', 'cov', -123.0695, 49.2745, 'V5L', ['Commercial Dr', 'Venables St', 'E 1st Ave']),
  t('Kerrisdale', 'Vancouver', 'cov', -123.1558, 49.2336, 'V6M', ['W 41st Ave', 'W Boulevard', 'East Blvd']),
  t('Downtown', 'Vancouver', 'cov', -123.1207, 49.2827, 'V6B', ['Robson St', 'Granville St', 'Davie St']),
  t('Marpole', 'Vancouver', 'cov', -123.1301, 49.2099, 'V6P', ['Granville St', 'SW Marine Dr', 'W 70th Ave']),
  t('Hastings-Sunrise', 'Vancouver', 'cov', -123.0423, 49.281, 'V5K', ['E Hastings St', 'Nanaimo St', 'Renfrew St']),
  t('Dunbar', 'Vancouver', 'cov', -123.1852, 49.2497, 'V6N', ['Dunbar St', 'W 16th Ave', 'W 24th Ave']),
  t('Killarney', 'Vancouver', 'cov', -123.0401, 49.2185, 'V5S', ['Victoria Dr', 'E 49th Ave', 'Kerr St']),
  t('Fairview', 'Vancouver', 'cov', -123.13, 49.2634, 'V6H', ['W Broadway', 'Granville St', 'W 12th Ave']),
  t('Burnaby', 'Burnaby', 'mv', -122.9805, 49.2488, 'V5H', ['Kingsway', 'Willingdon Ave', 'Hastings St']),
  t('Surrey', 'Surrey', 'mv', -122.849, 49.1913, 'V3S', ['King George Blvd', 'Fraser Hwy', '152 St']),
  t('Richmond', 'Richmond', 'mv', -123.1369, 49.1666, 'V6X', ['No. 3 Rd', 'Westminster Hwy', 'Garden City Rd']),
  t('Coquitlam', 'Coquitlam', 'mv', -122.8018, 49.2838, 'V3K', ['Lougheed Hwy', 'Austin Ave', 'Pinetree Way']),
  t('North Vancouver', 'North Vancouver', 'mv', -123.0724, 49.32, 'V7M', ['Lonsdale Ave', 'Marine Dr', 'Esplanade']),
  t('Langley', 'Langley', 'mv', -122.6604, 49.1042, 'V3A', ['Fraser Hwy', '200 St', 'Glover Rd']),
  t('Delta', 'Delta', 'mv', -123.0586, 49.0847, 'V4K', ['Ladner Trunk Rd', '56 St', 'Scott Rd']),
  t('New Westminster', 'New Westminster', 'mv', -122.911, 49.2057, 'V3M', ['Columbia St', '6th Ave', '12th St']),
  t('Maple Ridge', 'Maple Ridge', 'mv', -122.5985, 49.2194, 'V2X', ['Lougheed Hwy', 'Dewdney Trunk Rd', '224 St']),
  t('Port Coquitlam', 'Port Coquitlam', 'mv', -122.7811, 49.2625, 'V3C', [
    'Shaughnessy St',
    'Mary Hill Rd',
    'Lougheed Hwy',
  ]),
  t('White Rock', 'White Rock', 'mv', -122.8026, 49.0253, 'V4B', ['Johnston Rd', 'Marine Dr', 'Thrift Ave']),
  t('West Vancouver', 'West Vancouver', 'mv', -123.1631, 49.3286, 'V7T', ['Marine Dr', 'Bellevue Ave', 'Park Royal']),
  t('Abbotsford', 'Abbotsford', 'fvrd', -122.3045, 49.0504, 'V2S', [
    'South Fraser Way',
    'Clearbrook Rd',
    'Essendene Ave',
  ]),
  t('Chilliwack', 'Chilliwack', 'fvrd', -121.9514, 49.1579, 'V2P', ['Yale Rd', 'Vedder Rd', 'Luckakuck Way']),
  t('Mission', 'Mission', 'fvrd', -122.3093, 49.133, 'V2V', ['Lougheed Hwy', 'First Ave', 'Cedar St']),
  t('Hope', 'Hope', 'fvrd', -121.4425, 49.3858, 'V0X', ['Wallace St', 'Old Hope Princeton Way', 'Fort St']),
  t('Agassiz', 'Agassiz', 'fvrd', -121.7672, 49.2388, 'V0M', ['Pioneer Ave', 'Cheam Ave', 'Morrow Rd']),
  t('Harrison Hot Springs', 'Harrison Hot Springs', 'fvrd', -121.7852, 49.3003, 'V0M', [
    'Esplanade Ave',
    'Hot Springs Rd',
  ]),
  t('Vernon', 'Vernon', 'rdno', -119.272, 50.267, 'V1T', ['32 St', '27 St', 'Anderson Way']),
  t('Armstrong', 'Armstrong', 'rdno', -119.1966, 50.448, 'V0E', ['Pleasant Valley Rd', 'Okanagan St']),
  t('Enderby', 'Enderby', 'rdno', -119.1397, 50.5508, 'V0E', ['George St', 'Railway St']),
  t('Lumby', 'Lumby', 'rdno', -118.9673, 50.2495, 'V0E', ['Vernon St', 'Shuswap Ave']),
  t('Coldstream', 'Coldstream', 'rdno', -119.2028, 50.2227, 'V1B', ['Kalamalka Rd', 'Aberdeen Rd']),
  t('Spallumcheen', 'Spallumcheen', 'rdno', -119.2364, 50.4017, 'V0E', ['Highway 97A', 'Otter Lake Rd']),
];

export function townByPlace(place: string): Town {
  const town = TOWNS.find((x) => x.place === place);
  if (!town) throw new Error(`Unknown demo town ${place}`);
  return town;
}

export interface CompanyPlan {
  name: string;
  /** Store names start with the brand (the poster picks its logo from this prefix). */
  brand: string;
  storeType: string;
  /** Stores per region. */
  stores: Partial<Record<RegionCode, number>>;
  size: number;
}

/** Company 1 is the biggest (the demo company user's company). 40 stores in all. */
export const COMPANIES: readonly CompanyPlan[] = [
  {
    name: 'Harvest Valley Foods',
    brand: 'Harvest Valley',
    storeType: 'Supermarket',
    stores: { cov: 3, mv: 5, fvrd: 4, rdno: 2 },
    size: 1.5,
  },
  {
    name: 'Coastline Market',
    brand: 'Coastline Market',
    storeType: 'Neighbourhood Market',
    stores: { cov: 3, mv: 4 },
    size: 1,
  },
  {
    name: 'Fraser Fresh Grocers',
    brand: 'Fraser Fresh',
    storeType: 'Supermarket',
    stores: { fvrd: 4, mv: 2 },
    size: 1.1,
  },
  { name: 'Okanagan Co-op Market', brand: 'Okanagan Co-op', storeType: 'Co-op', stores: { rdno: 4 }, size: 0.9 },
  {
    name: 'Greenleaf Organics',
    brand: 'Greenleaf Organics',
    storeType: 'Natural Foods',
    stores: { cov: 2, mv: 2, rdno: 1 },
    size: 0.7,
  },
  {
    name: 'Pacific Pantry Express',
    brand: 'Pacific Pantry Express',
    storeType: 'Express',
    stores: { cov: 2, mv: 2 },
    size: 0.45,
  },
];

export type ReceiverKind = 'charity' | 'farm' | 'compost';
export interface ReceiverPlan {
  name: string;
  /** Its name in the language of the community it serves, after the English one (issue 34). */
  local?: string;
  kind: ReceiverKind;
  place: string;
}

/** 25 receivers: 16 charity hubs, 6 farms and 3 composters. Ids follow this order. */
export const RECEIVERS: readonly ReceiverPlan[] = [
  { name: 'Fraser Valley Community Pantry', kind: 'charity', place: 'Abbotsford' },
  { name: 'Chilliwack Harvest Table Society', kind: 'charity', place: 'Chilliwack' },
  { name: 'Mission Hope Food Hub', kind: 'charity', place: 'Mission' },
  { name: 'Hope Valley Community Kitchen', kind: 'charity', place: 'Hope' },
  { name: 'Vernon Community Food Share', kind: 'charity', place: 'Vernon' },
  { name: 'Armstrong Neighbours Pantry', kind: 'charity', place: 'Armstrong' },
  { name: 'Enderby Family Table', kind: 'charity', place: 'Enderby' },
  { name: 'Eastside Community Kitchen', local: 'Громадська кухня', kind: 'charity', place: 'Hastings-Sunrise' },
  { name: 'Kitsilano Neighbourhood Food Hub', local: 'Τράπεζα Τροφίμων', kind: 'charity', place: 'Kitsilano' },
  { name: 'Mount Pleasant Family Table', kind: 'charity', place: 'Mount Pleasant' },
  { name: 'Marpole Seniors Meal Program', kind: 'charity', place: 'Marpole' },
  { name: 'Burnaby Community Food Link', local: 'अन्न सेवा', kind: 'charity', place: 'Burnaby' },
  { name: 'Surrey Harvest Network', local: 'ਲੰਗਰ ਸੇਵਾ', kind: 'charity', place: 'Surrey' },
  { name: 'Richmond Family Food Society', kind: 'charity', place: 'Richmond' },
  { name: 'North Shore Food Connection', local: 'بنك الطعام', kind: 'charity', place: 'North Vancouver' },
  { name: 'Tri-Cities Food Rescue Hub', kind: 'charity', place: 'Coquitlam' },
  { name: 'Sumas Prairie Hog Farm', kind: 'farm', place: 'Abbotsford' },
  { name: 'Ryder Lake Poultry', kind: 'farm', place: 'Chilliwack' },
  { name: 'Glen Valley Livestock Co.', kind: 'farm', place: 'Langley' },
  { name: 'Delta Heritage Farm', kind: 'farm', place: 'Delta' },
  { name: 'Bella Vista Goat Farm', kind: 'farm', place: 'Vernon' },
  { name: 'Spallumcheen Family Dairy', kind: 'farm', place: 'Spallumcheen' },
  { name: 'Valley Organics Compost', kind: 'compost', place: 'Chilliwack' },
  { name: 'Metro Soil Cycle', kind: 'compost', place: 'Delta' },
  { name: 'North Okanagan Green Earth Compost', kind: 'compost', place: 'Coldstream' },
];

/**
 * Stores whose sign carries a second name, in the script of the neighbourhood's shoppers (issue 34: every PDF, page
 * and spreadsheet shows names in every script). Keyed by the generated name; a name changes no random draw, so the
 * demo's figures stay as they were.
 */
export const STORE_LOCAL_NAMES: Readonly<Record<string, string>> = {
  'Harvest Valley Burnaby': '丰收谷超市',
  'Coastline Market Fairview': '海岸市場',
  'Coastline Market Coquitlam': '해안 마켓',
  'Pacific Pantry Express Marpole': 'パシフィック食品',
  'Pacific Pantry Express New Westminster': 'Chợ Việt',
  'Fraser Fresh Abbotsford': 'ਤਾਜ਼ਾ ਮੰਡੀ',
  'Greenleaf Organics Commercial Drive': 'Zdrowa Żywność',
};

/** A store's or receiver's full name: the English one, then its local one if it has one. */
export function withLocalName(name: string, local: string | undefined): string {
  return local ? `${name} ${local}` : name;
}

/** Department shares of scans per receiver kind (index 0 = department 1 Bakery .. 6 = 7 Other). */
export const DEPARTMENT_MIX: Record<ReceiverKind, readonly number[]> = {
  charity: [0.22, 0.14, 0.1, 0.1, 0.26, 0.14, 0.04],
  farm: [0.38, 0.05, 0.02, 0, 0.5, 0.02, 0.03],
  compost: [0.2, 0.05, 0.1, 0, 0.45, 0.05, 0.15],
};

/** Median kg of one weighed bin per department. */
export const DEPARTMENT_MEDIAN_KG: readonly number[] = [7.5, 6, 3.5, 4.5, 14, 8, 3];

export const FIRST_NAMES = [
  'Maria',
  'Daniel',
  'Priya',
  'Wei',
  'Aaliyah',
  'Jordan',
  'Harpreet',
  'Sofia',
  'Liam',
  'Mei',
  'Gurpreet',
  'Noah',
  'Amelia',
  'Raj',
  'Chloe',
  'Ethan',
  'Fatima',
  'Lucas',
  'Hannah',
  'Kenji',
];
export const LAST_NAMES = [
  'Nguyen',
  'Singh',
  'Chen',
  'MacDonald',
  'Wong',
  'Sandhu',
  'Campbell',
  'Li',
  'Gill',
  'Thompson',
  'Fraser',
  'Tremblay',
  'Kaur',
  'Martin',
  'Lee',
  'Grewal',
  'Wilson',
  'Dhillon',
  'Park',
  'Roy',
];

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Areas an organization belongs to: a City of Vancouver place is also in Metro Vancouver. */
export function areasOf(region: RegionCode): string[] {
  return region === 'cov' ? ['cov', 'mv'] : [region];
}
