import { Badge, Group, Stack, Text } from '@mantine/core';
import { AUDIT_ACTION_LABELS, type AuditAction, DEPARTMENTS, formatDateTime } from '@openrescue/shared';
import type { AuditEvent } from '../api/get-audit-events';

const OBJECT_LABELS: Record<string, string> = {
  bulk_scan: 'Bulk scan',
  store: 'Store',
  receiver: 'Receiver',
  company: 'Company',
  mail_send: 'Mail send',
  publish_job: 'Publish job',
  flow: 'Flow',
  integration_key: 'Integration key',
  api_key: 'Company API key',
  user: 'User',
  receiver_user: 'Charity user',
};

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
export const objectLabel = (type: string, id: string | null) =>
  `${OBJECT_LABELS[type] ?? type}${id === null ? '' : ` ${type === 'flow' || type === 'publish_job' || type === 'mail_send' ? id : `#${id}`}`}`;

const DEPARTMENT_NAMES = new Map<unknown, string>(DEPARTMENTS.map((d) => [d.id, d.name]));
/** An instant as the server writes it (a link's created_at): said in the network's time, like the entry's date. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const show = (key: string, value: unknown) =>
  value === null || value === undefined
    ? '—'
    : key === 'department' && DEPARTMENT_NAMES.has(value)
      ? DEPARTMENT_NAMES.get(value)!
      : typeof value === 'string' && INSTANT.test(value)
        ? formatDateTime(value, { zone: true })
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);

/**
 * The fields worth saying: not the instant (the entry's date, the day it counts on, says it), nor an id whose name
 * the entry holds beside it (store_id when there is store).
 */
const shownKeys = (keys: string[]) =>
  keys.filter((k) => k !== 'entry_time' && !(k.endsWith('_id') && keys.includes(k.slice(0, -3))));

/** What changed: each field of before/after that differs, as "field: old → new" (or the values kept). */
export function changesOf(event: Pick<AuditEvent, 'before' | 'after'>): string[] {
  const before = (event.before ?? {}) as Record<string, unknown>;
  const after = (event.after ?? {}) as Record<string, unknown>;
  const label = (k: string) => k.replace(/_/g, ' ');
  if (event.before && event.after) {
    return shownKeys([...new Set([...Object.keys(before), ...Object.keys(after)])])
      .filter((k) => show(k, before[k]) !== show(k, after[k]))
      .map((k) => `${label(k)}: ${show(k, before[k])} → ${show(k, after[k])}`);
  }
  const only = event.after ? after : before;
  return shownKeys(Object.keys(only)).map((k) => `${label(k)}: ${show(k, only[k])}`);
}

/** One entry of the trail: what, on which object, who and when, the reason and the changes. */
export function AuditEntry({ event, withObject = true }: { event: AuditEvent; withObject?: boolean }) {
  const changes = changesOf(event);
  // A sign-in's object is its actor, already named on the next line.
  const named = withObject && !(event.object_type === 'user' && event.object_id === event.actor_id);
  return (
    <Stack gap={2} data-testid="audit-entry">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={600}>
          {actionLabel(event.action)}
          {named ? ` · ${objectLabel(event.object_type, event.object_id)}` : ''}
        </Text>
        <Badge variant="light" color="gray">
          {formatDateTime(event.at, { zone: true })}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        By{' '}
        <Text span size="sm" c="var(--mantine-color-text)">
          {event.actor_label}
        </Text>
        {event.reason ? (
          <>
            {' · Reason: '}
            <Text span size="sm" c="var(--mantine-color-text)">
              {event.reason}
            </Text>
          </>
        ) : null}
      </Text>
      {changes.length > 0 && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {event.before && event.after ? 'Changed: ' : event.after ? 'Values: ' : 'Was: '}
          <Text span size="sm" c="var(--mantine-color-text)">
            {changes.join('; ')}
          </Text>
        </Text>
      )}
    </Stack>
  );
}
