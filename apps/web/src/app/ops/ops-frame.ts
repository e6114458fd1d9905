import type { AppShellProps } from '@mantine/core';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_MIN_WIDTH } from '@openrescue/shared';

/** The console frame's geometry (spec 2.2), shared by the console and the frame the server sends ahead of it. */
export function opsFrameProps(navOpened: boolean): Pick<AppShellProps, 'header' | 'navbar' | 'padding'> {
  return {
    header: { height: 60 },
    navbar: { width: SIDEBAR_MIN_WIDTH, breakpoint: MOBILE_BREAKPOINT_PX, collapsed: { mobile: !navOpened } },
    padding: { base: 'md', sm: 'lg' },
  };
}
