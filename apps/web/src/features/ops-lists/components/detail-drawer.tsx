import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useMediaMatch } from '../../../lib/use-media-match';

/** The right-hand detail panel of a list screen; opened by the `/{id}` in the address. */
export function DetailDrawer({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const narrow = useMediaMatch('(max-width: 40em)');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'lg'}
      title={title}
      padding="md"
      data-testid="detail-drawer"
    >
      {children}
    </Drawer>
  );
}
