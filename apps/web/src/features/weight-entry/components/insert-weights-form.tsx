import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { BULK_SCAN_BACK_DAYS, DEPARTMENTS, reportDay, shiftReportDay, startOfReportDay } from '@openrescue/shared';
import { useEffect, useRef, useState } from 'react';
import { useLookupNames } from '../../../lib/lookups';
import { notify } from '../../../lib/toasts';
import { useAverageWeights } from '../api/get-average-weights';
import { useInsertBulkScans, type BulkScanInsert } from '../api/insert-bulkscans';
import {
  AVERAGE_DAY_OPTIONS,
  BULKSCAN_DESTINATION,
  DEFAULT_AVERAGE_DAYS,
  averageText,
  emptyEntries,
  entryTime,
  filledDepartments,
  hasInvalid,
  statusText,
  weightError,
  type DepartmentId,
  type WeightEntries,
} from '../lib/weights';
import { showApiError } from '../../../lib/show-api-error';

export interface InsertWeightsFormProps {
  storeId: number;
  receiverId: number;
  /** The signed-in staff user's e-mail, sent with every item (spec 7.3); the server records the session's user. */
  email: string;
  onDone?: () => void;
}

/** Mantine's default error red is too light on white (axe color-contrast); this one passes. */

/** A picked back date is the network's day: it starts at midnight in the report time zone, not the browser's. */
const toDate = (value: string | null) => (value ? startOfReportDay(value) : null);

/** The server takes back dates up to BULK_SCAN_BACK_DAYS days before today (decision 0038): the picker offers no earlier one. */
const earliestBackDate = () => shiftReportDay(reportDay(), -BULK_SCAN_BACK_DAYS);

/** Insert bulk-scan weights per department for one store and receiver (spec 4 "Bulk-scan weights form", 5). */
export function InsertWeightsForm({ storeId, receiverId, email, onDone }: InsertWeightsFormProps) {
  const [entries, setEntries] = useState<WeightEntries>(emptyEntries);
  const [backDate, setBackDate] = useState<string | null>(null);
  const [useAverage, setUseAverage] = useState(false);
  const [days, setDays] = useState(String(DEFAULT_AVERAGE_DAYS));
  const insert = useInsertBulkScans();
  const names = useLookupNames();
  // The last send that did not succeed: pressing again with the same entries sends it again as it was (same
  // entry time, same Idempotency-Key), so a send whose answer was lost inserts once (decision 0057).
  const unsent = useRef<{ signature: string; items: BulkScanInsert[]; key: string } | null>(null);
  const back = toDate(backDate);
  const averages = useAverageWeights(storeId, back, Number(days), useAverage);

  useEffect(() => {
    if (!useAverage || !averages.data) return;
    const next = emptyEntries();
    for (const row of averages.data) {
      const id = row.from_department_id as DepartmentId;
      const text = averageText(row.avg_wt);
      if (next[id] && text) next[id] = { checked: true, weight: text };
    }
    setEntries(next);
  }, [averages.data, useAverage]);

  const set = (id: DepartmentId, patch: Partial<WeightEntries[DepartmentId]>) =>
    setEntries((prev) => ({ ...prev, [id]: { ...prev[id], ...patch } }));

  const filled = filledDepartments(entries);
  const loading = useAverage && averages.isFetching;
  const needsBackDate = useAverage && !back;
  const disabled = loading || insert.isPending || filled.length === 0 || hasInvalid(entries) || needsBackDate;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const signature = JSON.stringify([storeId, receiverId, backDate, filled]);
    if (unsent.current?.signature !== signature) {
      const when = entryTime(back);
      const items: BulkScanInsert[] = filled.map((f) => ({
        store_id: storeId,
        department: f.department,
        email,
        weight_kg: f.weight_kg,
        receiver_id: receiverId,
        destination: BULKSCAN_DESTINATION,
        entry_time: when,
      }));
      unsent.current = { signature, items, key: crypto.randomUUID() };
    }
    const { items, key } = unsent.current;
    insert.mutate(
      { items, key },
      {
        onSuccess: (inserted) => {
          unsent.current = null;
          notify({
            title: `${inserted.length} weights inserted!`,
            message: 'The bulk scans were saved.',
            type: 'success',
          });
          setEntries(emptyEntries());
          onDone?.();
        },
        onError: (error) => showApiError(error),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Insert weights" data-testid="insert-weights-form">
      <Stack gap="sm">
        <Paper withBorder p="xs" radius="sm" data-testid="insert-weights-for">
          <Text size="sm">
            <Text span fw={600}>
              Store:
            </Text>{' '}
            {names.store(storeId)}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              Receiver:
            </Text>{' '}
            {names.receiver(receiverId)}
          </Text>
        </Paper>
        <DateInput
          label="Back date"
          description="Leave empty to record the scans now"
          value={backDate}
          onChange={setBackDate}
          clearable
          minDate={earliestBackDate()}
          maxDate={reportDay()}
          valueFormat="YYYY-MM-DD"
          error={needsBackDate ? 'Pick a back date to use average weights.' : undefined}
          popoverProps={{ withinPortal: true }}
        />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Switch
            label="Use average weights"
            checked={useAverage}
            onChange={(e) => setUseAverage(e.currentTarget.checked)}
          />
          <Select
            label="Average over (days)"
            data={AVERAGE_DAY_OPTIONS.map((d) => ({ value: String(d), label: `${d} days` }))}
            value={days}
            onChange={(v) => v && setDays(v)}
            allowDeselect={false}
            disabled={!useAverage}
            w={150}
          />
        </Group>
        {useAverage && averages.isError && (
          <Alert color="red" variant="light" role="alert" title="Average weights could not be loaded">
            <Button size="xs" variant="default" onClick={() => void averages.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {useAverage && averages.data && averages.data.length === 0 && (
          <Text size="sm" c="dimmed" role="status">
            No donations in that period: no averages to fill in.
          </Text>
        )}

        <Stack gap={6} component="fieldset" m={0} p={0} style={{ border: 0 }}>
          <Text component="legend" fw={600} size="sm" mb={4}>
            Weights by department (kg)
          </Text>
          {DEPARTMENTS.map((d) => {
            const entry = entries[d.id];
            const error = weightError(entry.weight);
            return (
              <Group key={d.id} gap="sm" align="flex-start" wrap="nowrap">
                <Checkbox
                  mt={8}
                  label={d.name}
                  checked={entry.checked}
                  onChange={(e) => set(d.id, { checked: e.currentTarget.checked })}
                  styles={{ root: { flex: '0 0 8.5rem' } }}
                />
                <TextInput
                  aria-label={`${d.name} weight (kg)`}
                  placeholder="kg"
                  inputMode="numeric"
                  value={entry.weight}
                  onChange={(e) => {
                    const weight = e.currentTarget.value.trim();
                    set(d.id, { weight, checked: weight !== '' ? true : entry.checked });
                  }}
                  error={error}
                  style={{ flex: 1, minWidth: 0 }}
                  disabled={loading}
                />
              </Group>
            );
          })}
        </Stack>

        <Group justify="space-between" wrap="wrap">
          <Text
            size="sm"
            c={hasInvalid(entries) ? 'red.9' : 'dimmed'}
            aria-live="polite"
            data-testid="insert-weights-status"
          >
            {statusText(entries, needsBackDate)}
          </Text>
          <Button type="submit" disabled={disabled} loading={insert.isPending || loading}>
            Insert weights
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
