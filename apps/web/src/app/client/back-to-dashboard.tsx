import { Anchor } from '@mantine/core';
import { storeScopeKey } from '@openrescue/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import type { SessionUser } from '../../lib/session';

export interface BackToDashboardProps {
  user: SessionUser;
  /** The month on screen ('YYYY-MM-01'): the dashboard opens on it. */
  month: string;
  /** The store whose report or poster this is: the dashboard opens on it (where the viewer may choose stores). */
  storeId?: string;
}

/**
 * The way back from a report or poster to the client dashboard (issue 35): the month on screen, the store, and the
 * dashboard's range when the page was opened from it (`range` rides along in the address), so nothing is lost.
 */
export function BackToDashboard({ user, month, storeId }: BackToDashboardProps) {
  const [search] = useSearchParams();
  const params = new URLSearchParams();
  const range = search.get('range');
  if (range) params.set('range', range);
  params.set('month', month);
  if (storeId && /^\d{1,9}$/.test(storeId)) params.set('store', storeScopeKey({ kind: 'store', id: Number(storeId) }));
  return (
    <Anchor
      component={Link}
      to={`${user.staff ? paths.asClient : paths.home}?${params}`}
      size="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      data-testid="back-to-dashboard"
    >
      <IconArrowLeft size={16} aria-hidden="true" />
      Back to the dashboard
    </Anchor>
  );
}
