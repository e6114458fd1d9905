import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DEPARTMENTS, reportDay, type BulkScanCorrection } from '@openrescue/shared';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { toApiError } from '../../../lib/api-errors';
import { getProductName } from '../../../lib/product-name';
import { notify } from '../../../lib/toasts';
import { useCorrectBulkScan, useDeleteBulkScan } from '../api/correct-bulkscan';
import type { BulkScanRow } from '../api/get-bulkscans';

const DEPARTMENT_OPTIONS = DEPARTMENTS.map((d) => ({ value: String(d.id), label: d.name }));
const departmentName = (id: number | null) => DEPARTMENTS.find((d) => d.id === id)?.name ?? '—';
const scanName = (row: BulkScanRow) =>
  `${row.weight_kg == null ? (row.reason ?? 'No-pickup') : `${row.weight_kg} kg`} · ${row.store} → ${row.receiver}`;

/** Correct and Delete for one bulk scan (issue 36): each opens a form that needs a reason. */
export function BulkScanActions({ row }: { row: BulkScanRow }) {
  const [open, setOpen] = useState<'correct' | 'delete' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPencil size={14} aria-hidden="true" />}
          onClick={() => setOpen('correct')}
          aria-label={`Correct bulk scan ${row.id}`}
        >
          Correct
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden="true" />}
          onClick={() => setOpen('delete')}
          aria-label={`Delete bulk scan ${row.id}`}
        >
          Delete
        </Button>
      </Group>
      <Modal opened={open === 'correct'} onClose={close} title="Correct bulk scan">
        {open === 'correct' && <CorrectionForm row={row} onDone={close} />}
      </Modal>
      <Modal opened={open === 'delete'} onClose={close} title="Delete bulk scan">
        {open === 'delete' && <DeletionForm row={row} onDone={close} />}
      </Modal>
    </>
  );
}

function ReasonField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Textarea
      label="Reason"
      description="Required; kept in the audit trail"
      placeholder="Why is this change needed?"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      maxLength={500}
      autosize
      minRows={2}
      required
    />
  );
}

function CorrectionForm({ row, onDone }: { row: BulkScanRow; onDone: () => void }) {
  const noPickup = row.weight_kg == null;
  const oldDay = reportDay(new Date(row.entry_time));
  const [weight, setWeight] = useState<string | number>(row.weight_kg ?? '');
  const [department, setDepartment] = useState<string | null>(row.department == null ? null : String(row.department));
  const [day, setDay] = useState(oldDay);
  const [reason, setReason] = useState('');
  const correct = useCorrectBulkScan();
  const today = reportDay();

  const body: BulkScanCorrection = { reason: reason.trim() };
  if (!noPickup && Number(weight) !== row.weight_kg) body.weight_kg = Number(weight);
  if (!noPickup && department !== null && Number(department) !== row.department) body.department = Number(department);
  if (day !== oldDay) body.entry_date = day;
  const changed = body.weight_kg !== undefined || body.department !== undefined || body.entry_date !== undefined;
  const weightProblem =
    noPickup || weight === ''
      ? noPickup
        ? null
        : 'Type the weight in whole kg.'
      : !Number.isInteger(Number(weight)) || Number(weight) < 1 || Number(weight) > 999
        ? 'The weight must be a whole number of kg from 1 to 999.'
        : null;
  const dayProblem = !/^\d{4}-\d{2}-\d{2}$/.test(day)
    ? 'Pick the date.'
    : day > today
      ? `The date cannot be after today (${today}).`
      : null;
  const problem =
    weightProblem ??
    dayProblem ??
    (!changed ? 'Change the weight, department or date.' : !body.reason ? 'Give a reason.' : null);
  const serverError = correct.error ? toApiError(correct.error, getProductName()) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (problem || correct.isPending) return;
    correct.mutate(
      { id: row.id, body },
      {
        onSuccess: ({ after }) => {
          notify({
            title: 'Bulk scan corrected',
            message: `${scanName(after)}. Totals and reports follow.`,
            type: 'success',
          });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Correct bulk scan">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {scanName(row)} · {departmentName(row.department)} · {oldDay}
        </Text>
        {!noPickup && (
          <>
            <NumberInput
              label="Weight (kg)"
              value={weight}
              onChange={setWeight}
              min={1}
              max={999}
              allowDecimal={false}
              allowNegative={false}
              error={weight !== '' && weightProblem ? weightProblem : undefined}
            />
            <Select
              label="Department"
              data={DEPARTMENT_OPTIONS}
              value={department}
              onChange={setDepartment}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
            />
          </>
        )}
        <TextInput
          label="Date"
          description="The day the scan counts on"
          type="date"
          value={day}
          max={today}
          onChange={(e) => setDay(e.currentTarget.value)}
          error={day && dayProblem ? dayProblem : undefined}
        />
        <ReasonField value={reason} onChange={setReason} />
        {serverError && (
          <Alert color="red" variant="light" role="alert" title="Not corrected">
            {serverError.message}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="correction-status">
            {problem ?? 'Ready to correct.'}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" disabled={problem !== null} loading={correct.isPending}>
              Save correction
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function DeletionForm({ row, onDone }: { row: BulkScanRow; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const remove = useDeleteBulkScan();
  const serverError = remove.error ? toApiError(remove.error, getProductName()) : null;
  const problem = reason.trim() ? null : 'Give a reason.';
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (problem || remove.isPending) return;
    remove.mutate(
      { id: row.id, reason: reason.trim() },
      {
        onSuccess: ({ deleted }) => {
          notify({
            title: 'Bulk scan deleted',
            message: `${scanName(deleted)}. Totals and reports follow.`,
            type: 'success',
          });
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Delete bulk scan">
      <Stack gap="sm">
        <Text size="sm">
          Delete {scanName(row)} ({departmentName(row.department)}, {reportDay(new Date(row.entry_time))})? Its weight
          leaves every total and report; the audit trail keeps it.
        </Text>
        <ReasonField value={reason} onChange={setReason} />
        {serverError && (
          <Alert color="red" variant="light" role="alert" title="Not deleted">
            {serverError.message}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {problem ?? 'Ready to delete.'}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={problem !== null} loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
