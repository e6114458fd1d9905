import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { sectionLabel } from '@openrescue/shared';
import { IconDeviceDesktopAnalytics, IconExternalLink, IconWorld } from '@tabler/icons-react';
import { memo } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { OPS_SECTION_ICONS } from './ops-section-icons';
import { OPS_GROUP_LABELS, OPS_SECTIONS, opsSectionLabel, type OpsGroup, type OpsSectionId } from './ops-sections';

export interface OpsNavbarProps {
  demo: boolean;
  communityUrl: string;
  onNavigate: () => void;
}

const GROUPS: OpsGroup[] = ['overview', 'retail', 'reports', 'operations'];

const MENU_PATHS = [...OPS_SECTIONS.map((s) => s.path), paths.asClient];

/** The console's side menu (spec 2.2): every section, the client app and the community site. */
export function OpsNavbar(props: OpsNavbarProps) {
  const { pathname } = useLocation();
  const activePath = MENU_PATHS.find((path) => pathname === path || pathname.startsWith(`${path}/`));
  return <OpsMenu {...props} activePath={activePath} />;
}

/**
 * Memoised on the active entry: opening a row, a filter or a panel changes the address but not the section, and
 * the menu's ~20 links need not render again for it (bench/trace-detail-panel.ts).
 */
const OpsMenu = memo(function OpsMenu({
  demo,
  communityUrl,
  onNavigate,
  activePath,
}: OpsNavbarProps & { activePath?: string }) {
  const isActive = (path: string) => path === activePath;

  const link = (path: string, label: string, Icon: (typeof OPS_SECTION_ICONS)[OpsSectionId]) => (
    <NavLink
      key={path}
      component={Link}
      to={path}
      label={label}
      leftSection={<Icon size={18} stroke={1.7} aria-hidden="true" />}
      active={isActive(path)}
      aria-current={isActive(path) ? 'page' : undefined}
      onClick={onNavigate}
    />
  );

  return (
    <ScrollArea type="scroll" h="100%" px="sm" py="md">
      <Stack gap="md">
        {GROUPS.map((group) => (
          <Stack key={group} gap={2}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
              {OPS_GROUP_LABELS[group]}
            </Text>
            {OPS_SECTIONS.filter((s) => s.group === group).map((s) =>
              link(s.path, opsSectionLabel(s, demo), OPS_SECTION_ICONS[s.id]),
            )}
            {group === 'overview' && link(paths.asClient, sectionLabel('clientApp', demo), IconDeviceDesktopAnalytics)}
          </Stack>
        ))}
        {communityUrl && (
          <NavLink
            component="a"
            href={communityUrl}
            target="_blank"
            rel="noopener noreferrer"
            label={sectionLabel('communityPortal', demo)}
            description="Opens in a new tab"
            leftSection={<IconWorld size={18} stroke={1.7} aria-hidden="true" />}
            rightSection={<IconExternalLink size={14} aria-hidden="true" />}
          />
        )}
      </Stack>
    </ScrollArea>
  );
});
