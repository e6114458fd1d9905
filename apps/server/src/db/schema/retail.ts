import type { Generated } from 'kysely';
import type { Timestamp, DateColumn, Numeric, Json, Default, DefaultTimestamp } from './columns.js';

// ---- reference data (002) ----
export interface DepartmentTable {
  id: number;
  name: string;
}
export interface DestinationTable {
  id: number;
  name: string;
}
export interface ReasonTable {
  id: number;
  reason: string;
}
export interface RegionTable {
  code: string;
  name: string;
  zoom: number;
  center_lon: number;
  center_lat: number;
  secret: string;
  polygon: Json | null;
  page_title: string;
  sort_order: Default<number>;
}
export interface ImpactFactorTable {
  id: Generated<number>;
  version: number;
  destination_id: number;
  department_id: number | null;
  meals_per_kg: Numeric;
  co2e_per_kg: Numeric;
  money_per_kg: Numeric;
  effective_from: DateColumn;
  source_note: string;
  created_at: DefaultTimestamp;
}

// ---- retail network (002) ----
export interface CompanyTable {
  id: Generated<number>;
  name: string;
  logo_image_url: string | null;
  created_at: DefaultTimestamp;
}
interface Place {
  address: string;
  city: string;
  postal_code: string | null;
  region: string;
  areas: Default<string[]>;
  lon: number | null;
  lat: number | null;
  token_version: Default<number>;
  created_at: DefaultTimestamp;
}
export interface StoreTable extends Place {
  id: Generated<number>;
  name: string;
  company_id: number;
  store_type: Default<string>;
  start_date: DateColumn;
}
export type ReceiverType = 'HUB' | 'FARM';
export type DiversionType = 'Charity' | 'Farm' | 'Compost';
export interface ReceiverTable extends Place {
  id: Generated<number>;
  name: string;
  receiver_type: ReceiverType;
  diversion_type: DiversionType;
  contact_email: string | null;
  nr_supported_charities: Default<number>;
}
export interface StoreReceiverTable {
  store_id: number;
  receiver_id: number;
  schedule_code: string;
  is_lead_charity: Default<boolean>;
  started_on: DateColumn;
  ended_on: DateColumn | null;
}
export interface Metrics {
  weight_kg: Numeric;
  meals_provided: Numeric;
  food_rescued_kg: Numeric;
  co2_emissions_kg: Numeric;
  money_saved: Numeric;
}
export type DonationSource = 'scan' | 'bulk' | 'import';
export interface DonationTable extends Metrics {
  id: Generated<number>;
  entry_time: Timestamp;
  destination_id: number;
  company_id: number;
  store_id: number;
  receiver_id: number;
  department_id: number;
  impact_factor_version: number;
  source: Default<DonationSource>;
  adjusted_scan_id: number | null;
  created_at: DefaultTimestamp;
}
export interface DonationMonthlyTable extends Metrics {
  month: DateColumn;
  company_id: number;
  store_id: number;
  receiver_id: number;
  department_id: number;
  destination_id: number;
  donation_count: number;
}
/** 005: day x company x department x destination (America/Vancouver days), kept exact by triggers. */
export interface DonationDailyTable extends Metrics {
  day: DateColumn;
  company_id: number;
  department_id: number;
  destination_id: number;
  donation_count: number;
}
/** 005: Monday week x company x department x destination, kept exact by triggers. */
export interface DonationWeeklyTable extends Metrics {
  week: DateColumn;
  company_id: number;
  department_id: number;
  destination_id: number;
  donation_count: number;
}
/** 005: month x company x department x destination, kept exact by triggers. */
export interface DonationMonthlyCompanyTable extends Metrics {
  month: DateColumn;
  company_id: number;
  department_id: number;
  destination_id: number;
  donation_count: number;
}
