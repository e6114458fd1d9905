import { SegmentedControl, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { FilterDrop } from '../../../components/filter-drop';
import { LookupFilter } from '../../../components/lookup-filter';
import { activeFilterCount, STAGE_OPTIONS, type GeneratedFilesFilters, type StageFilter } from '../lib/filters';

export interface FiltersDropProps {
  filters: GeneratedFilesFilters;
  onCompany: (id: string | null) => void;
  onReceiver: (id: string | null) => void;
  onMonth: (month: string | null) => void;
}

/** The picker's arrows and year heading are icon buttons: they need names. */
const MONTH_PICKER_LABELS = {
  previousYear: 'Previous year',
  nextYear: 'Next year',
  yearLevelControl: 'Choose a year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
};

/** Spec 2.4's filter dropdown: a supplier or a receiver (picking one clears the other) and the entry month. */
export function GeneratedFiltersDrop({ filters, onCompany, onReceiver, onMonth }: FiltersDropProps) {
  return (
    <FilterDrop active={activeFilterCount(filters)}>
      <LookupFilter
        kind="companies"
        label="Supplier"
        value={filters.companyId === null ? null : String(filters.companyId)}
        onChange={onCompany}
      />
      <LookupFilter
        kind="receivers"
        label="Receiver"
        value={filters.receiverId === null ? null : String(filters.receiverId)}
        onChange={onReceiver}
      />
      <MonthPickerInput
        // One id for the button and its popover, so the picker's dropdown is named by the button's label.
        id="generated-files-month"
        label="Entry month"
        placeholder="Any"
        clearable
        value={filters.month ? `${filters.month}-01` : null}
        onChange={(v) => onMonth(v ? v.slice(0, 7) : null)}
        popoverProps={{ withinPortal: false, id: 'generated-files-month' }}
        ariaLabels={MONTH_PICKER_LABELS}
      />
    </FilterDrop>
  );
}

const STAGE_LABELS: Record<StageFilter, string> = { QUEUE: 'QUEUE', SENT: 'SENT', all: 'All' };

/** The status (stage) filter: the first part of file_status, QUEUE to start with (spec 4). */
export function StageFilterControl({
  value,
  onChange,
}: {
  value: StageFilter;
  onChange: (stage: StageFilter) => void;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" id="generated-stage-label">
        Status
      </Text>
      <SegmentedControl
        aria-labelledby="generated-stage-label"
        size="sm"
        value={value}
        onChange={(v) => onChange(v as StageFilter)}
        data={STAGE_OPTIONS.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }))}
      />
    </Stack>
  );
}
