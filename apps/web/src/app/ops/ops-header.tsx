import { Burger, Group, NavLink, Text, UnstyledButton } from '@mantine/core';
import { sectionLabel } from '@openrescue/shared';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LogoMark } from '../../components/logo';
import { paths } from '../../config/paths';
import { setDemoMode } from '../../lib/demo-mode';
import { notify } from '../../lib/toasts';

function switchDemoMode(on: boolean) {
  setDemoMode(on);
  notify({
    type: 'info',
    title: on ? 'Demo mode on' : 'Demo mode off',
    message: on ? 'Demo labels and theme are shown; the logo is hidden.' : 'The usual labels and theme are back.',
  });
}
import type { SessionUser } from '../../lib/session';
import { UserMenu } from '../user-menu';

export interface OpsHeaderProps {
  user: SessionUser;
  demo: boolean;
  navOpened: boolean;
  onToggleNav: () => void;
  onOpenJobs: () => void;
}

/** The left of the console header: the menu button (narrow screens), the logo and the platform's name. */
export function OpsHeaderStart({
  demo,
  navOpened,
  onToggleNav,
}: Pick<OpsHeaderProps, 'demo' | 'navOpened' | 'onToggleNav'>) {
  const title = sectionLabel('platformTitle', demo);
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Burger
        opened={navOpened}
        onClick={onToggleNav}
        hiddenFrom="sm"
        size="sm"
        aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
        aria-expanded={navOpened}
        aria-controls="ops-navbar"
      />
      <UnstyledButton component={Link} to={paths.ops.root} aria-label={`${title} home`}>
        <Group gap={10} wrap="nowrap">
          {!demo && (
            <span data-testid="header-logo">
              <LogoMark />
            </span>
          )}
          <Text fw={700} size="lg" truncate data-testid="platform-title">
            {title}
          </Text>
        </Group>
      </UnstyledButton>
    </Group>
  );
}

export function OpsHeader({ user, demo, navOpened, onToggleNav, onOpenJobs }: OpsHeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <OpsHeaderStart demo={demo} navOpened={navOpened} onToggleNav={onToggleNav} />
      <UserMenu
        user={user}
        demo={{ enabled: demo, onChange: switchDemoMode }}
        items={(close) => (
          <NavLink
            component="button"
            label="Jobs History"
            leftSection={<IconHistory size={18} aria-hidden="true" />}
            onClick={() => {
              close();
              onOpenJobs();
            }}
            data-testid="jobs-history"
          />
        )}
      />
    </Group>
  );
}
