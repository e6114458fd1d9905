import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { BULK_SCAN_BACK_DAYS, reportDay } from '@openrescue/shared';
import { IconCalendarX } from '@tabler/icons-react';
import { useState } from 'react';
import { toApiError } from '../../../lib/api-errors';
import { useLookup } from '../../../lib/lookups';
import { getProductName } from '../../../lib/product-name';
import { notify } from '../../../lib/toasts';
import { useRecordNoPickup, useStoreReceivers } from '../api/record-no-pickup';

/** The network's day `days` before today, YYYY-MM-DD (the server checks the same window: decision 0062). */
const networkDay = (days: number) => {
  const [y, m, d] = reportDay().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
};

export interface RecordNoPickupProps {
  /** The list's store and receiver filters, if any: the form starts with them. */
  storeId: string | null;
  receiverId: string | null;
}

/** 'Record no-pickup' (issue 36): a store, one of its receivers, the day and the reason; the author is the session's. */
export function RecordNoPickupButton({ storeId, receiverId }: RecordNoPickupProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button leftSection={<IconCalendarX size={16} aria-hidden="true" />} onClick={() => setOpen(true)}>
        Record no-pickup
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Record no-pickup">
        {open && <RecordNoPickupForm storeId={storeId} receiverId={receiverId} onDone={() => setOpen(false)} />}
      </Modal>
    </>
  );
}

function RecordNoPickupForm({ storeId, receiverId, onDone }: RecordNoPickupProps & { onDone: () => void }) {
  const [store, setStore] = useState<string | null>(storeId);
  const [receiver, setReceiver] = useState<string | null>(storeId ? receiverId : null);
  const [day, setDay] = useState<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const stores = useLookup('stores');
  const reasons = useLookup('reasons');
  const receivers = useStoreReceivers(store);
  const record = useRecordNoPickup();
  const receiverOptions = receivers.data ?? [];
  const missing = [!store && 'a store', !receiver && 'a receiver', !day && 'the day', !reason && 'a reason'].filter(
    Boolean,
  ) as string[];
  const serverError = record.error ? toApiError(record.error, getProductName()) : null;
  /** A change after a refused record clears the server's message: it was about the values before. */
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      if (record.isError) record.reset();
      set(value);
    };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (missing.length || record.isPending || !store || !receiver || !day || !reason) return;
    record.mutate(
      { store_id: Number(store), receiver_id: Number(receiver), day, reason_id: Number(reason) },
      {
        onSuccess: (row) => {
          notify({
            title: 'No-pickup recorded',
            message: `${row.store} to ${row.receiver}, ${day}: ${row.reason ?? ''}`,
            type: 'success',
          });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Record no-pickup">
      <Stack gap="sm">
        <Select
          label="Store"
          placeholder={stores.isPending ? 'Loading…' : 'Pick a store'}
          data={stores.data ?? []}
          value={store}
          onChange={edited((v: string | null) => {
            setStore(v);
            setReceiver(null);
          })}
          searchable
          limit={200}
          nothingFoundMessage="Nothing matches"
          comboboxProps={{ withinPortal: false }}
          required
        />
        <Select
          label="Receiver"
          placeholder={!store ? 'Pick a store first' : receivers.isPending ? 'Loading…' : 'Pick a receiver'}
          description="The receivers with a pickup schedule at this store"
          data={receiverOptions}
          value={receiver}
          onChange={edited(setReceiver)}
          disabled={!store}
          searchable
          nothingFoundMessage="This store has no receivers"
          comboboxProps={{ withinPortal: false }}
          required
        />
        <DateInput
          label="Day of the missed pickup"
          description={`Today or up to ${BULK_SCAN_BACK_DAYS} days back`}
          placeholder="YYYY-MM-DD"
          value={day}
          onChange={edited(setDay)}
          minDate={networkDay(BULK_SCAN_BACK_DAYS)}
          maxDate={networkDay(0)}
          valueFormat="YYYY-MM-DD"
          popoverProps={{ withinPortal: false }}
          required
        />
        <Select
          label="Reason"
          placeholder={reasons.isPending ? 'Loading…' : 'Pick a reason'}
          data={reasons.data ?? []}
          value={reason}
          onChange={edited(setReason)}
          comboboxProps={{ withinPortal: false }}
          required
        />
        {serverError && (
          <Alert color="red" variant="light" role="alert" title="Not recorded">
            {serverError.message}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {missing.length ? `Pick ${missing.join(', ')}.` : 'Ready to record.'}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={missing.length > 0} loading={record.isPending}>
              Record
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
