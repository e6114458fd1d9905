import { Stack, Title } from '@mantine/core';
import { DetailState } from '../../../components/detail-state';
import { FieldList } from '../../../components/field-list';
import { useListRecord } from '../../../lib/list-record';
import { STIPEND_URL, type StipendRow } from '../api/get-stipend';

/** item_id is `r{receiver}-s{store}-{YYYY-MM}` (one row per receiver x store x month). */
export function parseStipendItemId(
  itemId: string,
): { receiver_id: string; store_id: string; year_month: string } | null {
  const m = /^r(\d{1,9})-s(\d{1,9})-(\d{4}-(?:0[1-9]|1[0-2]))$/.exec(itemId);
  return m ? { receiver_id: m[1], store_id: m[2], year_month: m[3] } : null;
}

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/**
 * A stipend row's detail panel: every field of spec section 3 "Stipend report row". `reasonLabel` names the
 * no-pickup reasons (the route passes the reasons lookup).
 */
export function StipendDetail({ id, reasonLabel }: { id: string; reasonLabel: (reasonId: number) => string }) {
  const filters = parseStipendItemId(id);
  const query = useListRecord<StipendRow>('stipend', STIPEND_URL, filters ?? undefined);
  return (
    <DetailState query={query} what="stipend row" id={id} invalid={!filters}>
      {(row) => (
        <Stack gap="lg" data-testid="stipend-detail">
          <Title order={2} size="h3">
            {row.receiver_name} · {row.store_name} · {row.year_month}
          </Title>
          <FieldList
            label="Receiver and store"
            fields={[
              ['Item id', row.item_id],
              ['Receiver', `${row.receiver} · ${row.receiver_name}`],
              ['Receiver type', row.receiver_type],
              ['Diversion type', row.receiver_diversion_type],
              ['Lead charity', yesNo(row.is_lead_charity)],
              ['Store', `${row.store} · ${row.store_name}`],
              ['Store type', row.store_type],
              ['Store start date', row.store_start_date],
              ['Month', row.year_month],
              ['Schedule code', row.schedule_code],
            ]}
          />
          <Title order={3} size="h4">
            Service days
          </Title>
          <FieldList
            label="Service days"
            fields={[
              ['Expected service days', row.expected_service_days],
              ['Actual service days', row.actual_service_days],
              ['Expected non-service days', row.expected_non_service_days],
              ['Actual non-service days', row.actual_non_service_days],
            ]}
          />
          <Title order={3} size="h4">
            No-pickup reasons
          </Title>
          <FieldList
            label="No-pickup reasons"
            fields={[
              ...Array.from({ length: 8 }, (_, i): [string, number] => [
                `${i + 1} · ${reasonLabel(i + 1)}`,
                row[`reason_${i + 1}`] ?? 0,
              ]),
              ['No reason recorded', row.reason_null],
            ]}
          />
        </Stack>
      )}
    </DetailState>
  );
}
