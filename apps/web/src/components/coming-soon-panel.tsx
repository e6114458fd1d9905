import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { PageHeader } from './page-header';

export interface ComingSoonPanelProps {
  title: string;
  detail?: string;
}

/** Placeholder for a screen that is not built yet: never a blank page. */
export function ComingSoonPanel({ title, detail }: ComingSoonPanelProps) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="md" p="xl" data-testid="coming-soon">
        <Stack align="center" gap="sm" ta="center" py="lg">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <IconTool size={30} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Coming soon
          </Title>
          <Text c="dimmed" maw={460}>
            The {title} screen is on its way and arrives in a later release.
          </Text>
          {detail && <Text size="sm">{detail}</Text>}
        </Stack>
      </Paper>
    </>
  );
}
