import { Alert, Badge, Button, Center, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { countOf, DEFAULT_MAX_PUBLISH_FILES, formatNumber, NOTHING_TO_PROCESS, type LiveJob } from '@openrescue/shared';
import { IconSend } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FilterDrop } from '../../../components/filter-drop';
import { LookupFilter } from '../../../components/lookup-filter';
import { useLookupNames } from '../../../lib/lookups';
import { notify } from '../../../lib/toasts';
import { usePublishFiles, useStartPublish } from '../api/publish-files';
import { usePublishFilters } from '../hooks/use-publish-filters';
import {
  DEFAULT_JOB_SETTINGS,
  defaultStartId,
  parseCustomIds,
  perCallCount,
  pickPublishRows,
  publishFileSelector,
  taskNameFor,
  type JobSettings,
} from '../lib/job-settings';
import { JobSettingsDrop } from './job-settings-drop';
import { PublishTable, type RowRunState } from './publish-table';

/** Which rows the runs started here have finished, from the live jobs (done_ids / failed_ids). */
function useRunStates(jobs: readonly LiveJob[], started: ReadonlyMap<string, number[]>) {
  return useMemo(() => {
    const states = new Map<number, RowRunState>();
    for (const [jobId, ids] of started) {
      const job = jobs.find((j) => j.id === jobId);
      const done = new Set(job?.done_ids ?? []);
      const failed = new Set(job?.failed_ids ?? []);
      const finished = job?.status === 'succeeded' || job?.status === 'failed';
      for (const id of ids) {
        if (failed.has(id)) states.set(id, 'failed');
        else if (done.has(id) || job?.status === 'succeeded') states.set(id, 'completed');
        else if (!finished) states.set(id, 'queued');
      }
    }
    return states;
  }, [jobs, started]);
}

/** The kinds of report file (the Type column's letter is R for a charity's, P for the others, spec 2.3). */
const FILE_KINDS = [
  { value: 'CHARITY_REPORT', label: 'Charity reports' },
  { value: 'STORE_REPORT', label: 'Store reports' },
  { value: 'COMPANY_REPORT', label: 'Company reports (every store)' },
];

/** Publish Reports (spec 2.3): the report files, job settings, filters and START PUBLISH, with live progress. */
export function PublishScreen({ liveJobs }: { liveJobs: readonly LiveJob[] }) {
  const { filters, setCompany, setReceiver, setMonth, setFileType } = usePublishFilters();
  const selector = publishFileSelector(filters);
  const files = usePublishFiles(selector);
  const rows = files.data?.data ?? [];
  const total = files.data?.count ?? 0;
  const [settings, setSettings] = useState<JobSettings>(DEFAULT_JOB_SETTINGS);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [started, setStarted] = useState<Map<string, number[]>>(new Map());
  const start = useStartPublish();
  const runStates = useRunStates(liveJobs, started);
  const names = useLookupNames();
  const custom = parseCustomIds(settings.customIds);
  const maxFiles = Math.min(rows.length, DEFAULT_MAX_PUBLISH_FILES);
  // Unless a row was set as queue start, a run starts at the first file not published yet (issue 36).
  const startAtId = settings.startAtId ?? defaultStartId(rows);

  const publish = (taskName: string, ids: number[], parallel: number) =>
    start.mutate(
      { taskName, ids, parallel },
      {
        onSuccess: (result) => {
          if (!result.job) {
            notify({ title: 'Publish', message: result.message || NOTHING_TO_PROCESS, type: 'info' });
            return;
          }
          const job = result.job;
          setStarted((prev) =>
            new Map(prev).set(
              job.id,
              result.data.Rows.map((r) => r.id),
            ),
          );
          notify({
            title: 'Publishing',
            message: `${job.name}: ${countOf(job.total, 'file', 'files')} queued.`,
            type: 'success',
          });
        },
      },
    );

  const startPublish = () => {
    if (!custom.ok) return;
    const ids = pickPublishRows(
      rows.map((r) => r.id),
      { ...settings, startAtId },
      selected,
      custom.ids,
    );
    publish(taskNameFor(filters), ids, perCallCount(settings.perCall));
  };

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="file-count">
          {files.isPending || files.isPlaceholderData
            ? 'Loading…'
            : `${countOf(total, 'file', 'files')}${rows.length < total ? ` (first ${formatNumber(rows.length)} listed)` : ''}`}
        </Text>
        <Group gap="xs">
          <FilterDrop
            active={[filters.companyId, filters.receiverId, filters.month, filters.fileType].filter(Boolean).length}
          >
            <LookupFilter
              kind="companies"
              label="Supplier"
              value={filters.companyId ? String(filters.companyId) : null}
              onChange={setCompany}
            />
            <LookupFilter
              kind="receivers"
              label="Receiver"
              value={filters.receiverId ? String(filters.receiverId) : null}
              onChange={setReceiver}
            />
            <Select
              label="File kind"
              placeholder="Every kind"
              clearable
              data={FILE_KINDS}
              value={filters.fileType ?? null}
              onChange={setFileType}
              comboboxProps={{ withinPortal: false }}
              data-testid="publish-file-kind"
            />
            <MonthPickerInput
              label="Entry month"
              clearable
              value={filters.month}
              onChange={(v) => setMonth(v ? `${v.slice(0, 7)}-01` : null)}
              popoverProps={{ withinPortal: false }}
            />
          </FilterDrop>
          <JobSettingsDrop
            settings={settings}
            onChange={setSettings}
            selectedCount={selected.size}
            maxFiles={maxFiles}
            startAtId={startAtId}
          />
          <Button
            leftSection={<IconSend size={16} aria-hidden="true" />}
            onClick={startPublish}
            loading={start.isPending}
            disabled={files.isPending || !custom.ok}
          >
            START PUBLISH
          </Button>
        </Group>
      </Group>
      {!custom.ok && (
        <Alert color="red" variant="light" role="alert" title="Job settings">
          {custom.message}
        </Alert>
      )}
      {started.size > 0 && (
        <Group gap="xs" aria-live="polite">
          {[...started.keys()].map((jobId) => {
            const job = liveJobs.find((j) => j.id === jobId);
            return job ? (
              <Badge key={jobId} variant="light">{`${job.name}: ${job.processed}/${job.total} ${job.status}`}</Badge>
            ) : null;
          })}
        </Group>
      )}
      {files.isPending ? (
        <Center py="xl" aria-busy="true">
          <Loader role="status" aria-label="Loading report files" />
        </Center>
      ) : files.isError ? (
        <Alert color="red" variant="light" role="alert" title="Report files could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{files.error instanceof Error ? files.error.message : 'Something went wrong'}</Text>
            <Button size="xs" variant="default" onClick={() => void files.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">No report files match these filters.</Text>
        </Paper>
      ) : (
        <PublishTable
          rows={rows}
          names={names}
          selected={selected}
          onToggle={toggle}
          onToggleAll={(on) => setSelected(on ? new Set(rows.map((r) => r.id)) : new Set())}
          startAtId={startAtId}
          runState={(id) => runStates.get(id)}
          onProcessSingle={(id) => publish(`publish_id_${id}`, [id], 1)}
          onSetQueueStart={(id) => setSettings((s) => ({ ...s, startAtId: id }))}
        />
      )}
    </Stack>
  );
}
