import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** The right-hand detail panel of a list screen; opened by the `/{id}` in the address. */
export function DetailDrawer({ opened, title, onClose, children }: { opened: boolean; title: ReactNode; onClose: () => void; children: ReactNode }) {
  const narrow = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={narrow ? '100%' : 'lg'} title={title} padding="md" data-testid="detail-drawer">
      {children}
    </Drawer>
  );
}
