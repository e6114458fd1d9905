import { ActionIcon, AppShell, Box, Group, NavLink, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { sectionLabel } from '@openrescue/shared';
import { IconArrowLeft, IconHelpCircle } from '@tabler/icons-react';
import { memo, useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LogoMark } from '../../components/logo';
import { SupportDialog } from '../../components/support-dialog';
import { paths } from '../../config/paths';
import type { AppConfig } from '../../lib/app-config';
import { useDemoMode } from '../../lib/demo-mode';
import type { SessionUser } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { UserMenu } from '../user-menu';

export const CLIENT_PAGE_TITLE = 'Client Dashboard';

export interface ClientFrameProps {
  user: SessionUser;
  config: AppConfig;
  children: ReactNode;
  /** The page names itself (its own h1 and tab title), as reports and posters do; the frame then only labels the app. */
  pageHasTitle?: boolean;
}

/** The client app frame (spec 2.5): product name, page title, help (Support dialog), account menu. */
export function ClientFrame({ user, config, children, pageHasTitle = false }: ClientFrameProps) {
  const [supportOpened, support] = useDisclosure(false);
  // The Support dialog mounts the first time it opens: a closed Mantine Modal still mounts its portal and scroll lock,
  // in the commit that shows the screen (the longest task of the client dashboard's load on a slow phone).
  const [supportMounted, setSupportMounted] = useState(false);
  const openSupportDialog = support.open;
  const openSupport = useCallback(() => {
    setSupportMounted(true);
    openSupportDialog();
  }, [openSupportDialog]);
  usePageTitle(pageHasTitle ? null : CLIENT_PAGE_TITLE);

  return (
    <AppShell header={{ height: 64 }} padding={{ base: 'md', sm: 'lg' }}>
      <ClientHeader user={user} productName={config.product_name} pageHasTitle={pageHasTitle} onHelp={openSupport} />
      <AppShell.Main>
        <Box maw={1440} mx="auto">
          {children}
        </Box>
      </AppShell.Main>
      {supportMounted && <SupportDialog opened={supportOpened} onClose={support.close} email={config.support_email} />}
    </AppShell>
  );
}

interface ClientHeaderProps {
  user: SessionUser;
  productName: string;
  pageHasTitle: boolean;
  onHelp: () => void;
}

// Memoised: the screen inside the frame changes (its data arriving) without the header re-rendering.
const ClientHeader = memo(function ClientHeader({ user, productName, pageHasTitle, onHelp }: ClientHeaderProps) {
  const demo = useDemoMode();
  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          {!demo && <LogoMark />}
          <Text fw={700} visibleFrom="xs" data-testid="product-name">
            {productName}
          </Text>
          <Title
            order={pageHasTitle ? undefined : 1}
            renderRoot={pageHasTitle ? (props) => <p {...props} /> : undefined}
            className="client-page-title"
            fw={600}
            c="dimmed"
            lh={1.2}
          >
            {CLIENT_PAGE_TITLE}
          </Title>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label="Help and support">
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Help and support" onClick={onHelp}>
              <IconHelpCircle size={22} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <UserMenu
            user={user}
            items={() =>
              user.staff ? (
                <NavLink
                  component={Link}
                  to={paths.ops.root}
                  label={`Back to ${sectionLabel('platformTitle', demo)}`}
                  leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
                />
              ) : null
            }
          />
        </Group>
      </Group>
    </AppShell.Header>
  );
});
