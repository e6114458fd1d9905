import {
  Avatar,
  Divider,
  Group,
  NavLink,
  Popover,
  Stack,
  Switch,
  Text,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import { userInitials } from '@openrescue/shared';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { SessionUser } from '../lib/session';
import { signOut } from '../lib/session-api';

export interface UserMenuProps {
  user: SessionUser;
  /** Shows the Demo Mode switch (ops console). */
  demo?: { enabled: boolean; onChange: (next: boolean) => void };
  /** Extra entries between the switch and Log out; receive a function that closes the menu. */
  items?: (close: () => void) => ReactNode;
}

/** The account button in a header: who is signed in, demo mode, app-specific entries and Log out. */
export function UserMenu({ user, demo, items }: UserMenuProps) {
  const [opened, setOpened] = useState(false);
  const theme = useMantineTheme();
  const close = () => setOpened(false);

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={280} shadow="md" trapFocus withArrow>
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-label={`Account menu for ${user.email}`}
          aria-haspopup="dialog"
          aria-expanded={opened}
          data-testid="user-menu"
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar src={user.photoURL} alt="" radius="xl" size={34} variant="filled" color={theme.primaryColor}>
              {userInitials(user)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={220} truncate>
              {user.email}
            </Text>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown aria-label="Account menu" p="xs">
        <Stack gap={4}>
          <Stack gap={0} px="xs" py={4}>
            <Text size="xs" c="dimmed">
              Signed in as
            </Text>
            <Text size="sm" fw={600} truncate>
              {user.displayName || user.email}
            </Text>
          </Stack>
          {demo && (
            <>
              <Divider />
              <Switch
                label="Demo Mode"
                checked={demo.enabled}
                onChange={(event) => demo.onChange(event.currentTarget.checked)}
                px="xs"
                py={6}
                data-testid="demo-switch"
              />
            </>
          )}
          <Divider />
          {items?.(close)}
          <NavLink
            component="button"
            label="Log out"
            leftSection={<IconLogout size={18} aria-hidden="true" />}
            onClick={() => {
              close();
              void signOut();
            }}
            data-testid="logout"
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
