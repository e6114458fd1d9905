import { Button, Popover, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DEFAULT_MAX_PUBLISH_CHUNK } from '@openrescue/shared';
import { IconSettings } from '@tabler/icons-react';
import { useId } from 'react';
import { parseCustomIds, type FileCountChoice, type JobSettings, type PerCallChoice } from '../lib/job-settings';

export interface JobSettingsDropProps {
  settings: JobSettings;
  onChange: (next: JobSettings) => void;
  selectedCount: number;
  maxFiles: number;
  /** Where a run starts: the row set as queue start, else the first file not published yet. */
  startAtId: number | null;
}

/** 'JOB SETTINGS' (spec 2.3, 5): number of files, number per API call, start-at id (read only), custom ids. */
export function JobSettingsDrop({ settings, onChange, selectedCount, maxFiles, startAtId }: JobSettingsDropProps) {
  const custom = parseCustomIds(settings.customIds);
  const filesLabel = useId();
  const perCallLabel = useId();
  return (
    <Popover position="bottom-end" shadow="md" width={340} trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconSettings size={16} aria-hidden="true" />}
          color={custom.ok ? undefined : 'red'}
        >
          JOB SETTINGS
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" role="group" aria-label="Job settings">
          <Stack gap={4}>
            <Text size="sm" fw={500} id={filesLabel}>
              Number of files
            </Text>
            <SegmentedControl
              aria-labelledby={filesLabel}
              value={settings.fileCount}
              onChange={(v) => onChange({ ...settings, fileCount: v as FileCountChoice })}
              data={[
                { value: '1', label: '1' },
                { value: 'selected', label: `selected (${selectedCount})` },
                { value: 'max', label: `max (${maxFiles})` },
              ]}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={perCallLabel}>
              Number per API call
            </Text>
            <SegmentedControl
              aria-labelledby={perCallLabel}
              value={settings.perCall}
              onChange={(v) => onChange({ ...settings, perCall: v as PerCallChoice })}
              data={[
                { value: '1', label: '1' },
                { value: '2', label: '2' },
                { value: 'max', label: `max (${DEFAULT_MAX_PUBLISH_CHUNK})` },
              ]}
            />
          </Stack>
          <TextInput
            label="Start at id"
            readOnly
            value={startAtId === null ? 'no files' : String(startAtId)}
            description={
              settings.startAtId === null
                ? "The first file not published yet; a row's menu sets another: 'Set as queue start'."
                : "Set from a row's menu: 'Set as queue start'."
            }
          />
          <Textarea
            label="Custom ids"
            description="A JSON list, e.g. [12, 15]; when not empty it replaces the list."
            placeholder="[]"
            autosize
            minRows={2}
            maxRows={6}
            value={settings.customIds}
            onChange={(e) => onChange({ ...settings, customIds: e.currentTarget.value })}
            error={custom.ok ? undefined : custom.message}
            spellCheck={false}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
