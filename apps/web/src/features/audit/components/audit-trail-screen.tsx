import { Alert, Button, Center, Group, Loader, Pagination, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES, countOf } from '@openrescue/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DownloadButton } from '../../../components/download-button';
import { toApiError } from '../../../lib/api-errors';
import { getProductName } from '../../../lib/product-name';
import { AUDIT_PAGE_SIZE, type AuditFilters, downloadAuditCsv, useAuditEvents } from '../api/get-audit-events';
import { actionLabel, AuditEntry, objectLabel } from './audit-entry';

const FILTER_KEYS = ['actor', 'action', 'object_type', 'object_id', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters the address holds (a malformed day is left out rather than sent). */
function filtersOf(params: URLSearchParams): AuditFilters {
  const out: AuditFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if ((key === 'from' || key === 'to') && !DAY.test(value)) continue;
    out[key] = value;
  }
  return out;
}

function DownloadCsvButton({ filters }: { filters: AuditFilters }) {
  return (
    <DownloadButton load={() => downloadAuditCsv(filters)} fileName="audit-trail.csv">
      Download CSV
    </DownloadButton>
  );
}

/** The Audit trail screen (issue 36): every staff action, newest first; filters and page in the address; CSV. */
export function AuditTrailScreen() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useAuditEvents(filters, page);
  const [actor, setActor] = useState(params.get('actor') ?? '');
  const [objectId, setObjectId] = useState(params.get('object_id') ?? '');

  const setFilter = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null || value.trim() === '') next.delete(key);
        else next.set(key, value.trim());
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  const typed = useDebouncedCallback((key: string, value: string) => setFilter(key, value), 300);
  const active = FILTER_KEYS.filter((k) => params.get(k)).length;

  const total = query.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Filters">
          <TextInput
            label="Person"
            placeholder="E-mail contains"
            value={actor}
            onChange={(e) => {
              setActor(e.currentTarget.value);
              typed('actor', e.currentTarget.value);
            }}
            w={200}
          />
          <Select
            label="Action"
            placeholder="Any action"
            data={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
            value={params.get('action')}
            onChange={(v) => setFilter('action', v)}
            clearable
            w={220}
          />
          <Select
            label="Object"
            placeholder="Any object"
            data={AUDIT_OBJECT_TYPES.map((t) => ({ value: t, label: objectLabel(t, null) }))}
            value={params.get('object_type')}
            onChange={(v) => setFilter('object_type', v)}
            clearable
            w={170}
          />
          <TextInput
            label="Object id"
            placeholder="Any"
            value={objectId}
            onChange={(e) => {
              setObjectId(e.currentTarget.value);
              typed('object_id', e.currentTarget.value);
            }}
            w={120}
          />
          <TextInput
            label="From"
            type="date"
            value={params.get('from') ?? ''}
            onChange={(e) => setFilter('from', e.currentTarget.value)}
            w={160}
          />
          <TextInput
            label="To"
            type="date"
            value={params.get('to') ?? ''}
            onChange={(e) => setFilter('to', e.currentTarget.value)}
            w={160}
          />
          {active > 0 && (
            <Button
              variant="subtle"
              onClick={() => {
                setActor('');
                setObjectId('');
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              Clear filters
            </Button>
          )}
        </Group>
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="audit-count" aria-live="polite">
          {query.isPending
            ? 'Loading…'
            : `${countOf(total, 'entry', 'entries')}${active ? ' match these filters' : ''}`}
        </Text>
        <DownloadCsvButton filters={filters} />
      </Group>
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the audit trail" role="status" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert" title="The audit trail could not be loaded">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{toApiError(query.error, getProductName()).message}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : query.data.results.length === 0 ? (
        <Text c="dimmed" py="lg">
          {active ? 'No entries match these filters.' : 'Nothing has been recorded yet.'}
        </Text>
      ) : (
        <Paper
          withBorder
          radius="md"
          component="ul"
          aria-label="Audit trail"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {query.data.results.map((event, i) => (
            <li
              key={event.id}
              style={{
                padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)',
                borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined,
              }}
            >
              <AuditEntry event={event} />
            </li>
          ))}
        </Paper>
      )}
      {pages > 1 && (
        <Center>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={(p) => setFilter('page', String(p))}
            aria-label="Pages"
          />
        </Center>
      )}
    </Stack>
  );
}
