import { Outlet, useMatch } from 'react-router';
import { PublicFrame } from './public-frame';

/** Public pages get the plain header; network pages bring their own banner ('Join our Food Recovery Network'). */
export function PublicLayout() {
  const networkPage = useMatch('/public/network/:region/:secret');
  if (networkPage) return <Outlet />;
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
