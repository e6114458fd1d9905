import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { sectionLabel } from '@openrescue/shared';
import { IconDeviceDesktopAnalytics, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useAppConfig } from '../../lib/app-config';
import { useDemoMode } from '../../lib/demo-mode';
import classes from './landing-route.module.css';
import { OPS_SECTION_ICONS } from './ops-section-icons';
import { OPS_SECTIONS, opsSectionLabel } from './ops-sections';

interface CardItem {
  path: string;
  label: string;
  description: string;
  icon: Icon;
}

function SectionCard({ item }: { item: CardItem }) {
  const Icon = item.icon;
  return (
    <Card
      component={Link}
      to={item.path}
      withBorder
      radius="md"
      padding="lg"
      className={classes.card}
      data-testid="section-card"
    >
      <Group gap="sm" wrap="nowrap" mb="xs">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
          <Icon size={22} stroke={1.7} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {item.label}
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        {item.description}
      </Text>
    </Card>
  );
}

/** /ops: one card per console section. */
export function OpsLandingRoute() {
  const demo = useDemoMode();
  const { config } = useAppConfig();
  const items: CardItem[] = [
    ...OPS_SECTIONS.map((s) => ({
      path: s.path,
      label: opsSectionLabel(s, demo),
      description: s.description,
      icon: OPS_SECTION_ICONS[s.id],
    })),
    {
      path: paths.asClient,
      label: sectionLabel('clientApp', demo),
      description: 'See the client dashboard the way a client company sees it.',
      icon: IconDeviceDesktopAnalytics,
    },
  ];

  return (
    <>
      <PageHeader
        title={sectionLabel('platformTitle', demo)}
        description={`Welcome to ${config.product_name}. Choose a section to get started.`}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {items.map((item) => (
          <SectionCard key={item.path} item={item} />
        ))}
      </SimpleGrid>
    </>
  );
}
