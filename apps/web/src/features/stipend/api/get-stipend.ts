import { retailPaths } from '@openrescue/shared';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

/** Spec section 3 "Stipend report row" (DESIGN 6 "Stipend fields"). */
export interface StipendRow {
  item_id: string;
  receiver: number;
  receiver_name: string;
  receiver_type: string;
  receiver_diversion_type: string;
  is_lead_charity: boolean;
  store: number;
  store_name: string;
  store_type: string;
  store_start_date: string;
  year_month: string;
  schedule_code: string;
  expected_service_days: number;
  actual_service_days: number;
  expected_non_service_days: number;
  actual_non_service_days: number;
  reason_null: number;
  [reason: `reason_${number}`]: number;
}

export interface StipendFilters {
  year_month?: string;
  receiver_id?: string;
  store_id?: string;
  /** The list's sort (decision 0065): the spreadsheet's rows come in the order the screen shows. */
  ordering?: string;
}

export const STIPEND_URL = apiUrl(retailPaths.stipend);

/** GET {core}/api/retail/stipend-report.xlsx with the same filters: the spreadsheet as a Blob. */
export async function downloadStipendReport(filters: StipendFilters): Promise<Blob> {
  return api.get<Blob>(apiUrl(retailPaths.stipendXlsx), { query: { ...filters }, responseType: 'blob' });
}

export function stipendFileName(filters: StipendFilters): string {
  return `stipend-report${filters.year_month ? `-${filters.year_month}` : ''}.xlsx`;
}
