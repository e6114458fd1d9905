import { Badge, Button, Popover, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The list's filters in a drop (spec 2.7); the button shows how many are set. */
export function FilterDrop({ active, children }: { active: number; children: ReactNode }) {
  return (
    <Popover position="bottom-end" shadow="md" width={300} trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} aria-hidden="true" />}
          rightSection={
            active > 0 ? (
              <Badge size="sm" circle aria-label={`${active} set`}>
                {active}
              </Badge>
            ) : undefined
          }
        >
          Filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" role="group" aria-label="Filters">
          {children}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
