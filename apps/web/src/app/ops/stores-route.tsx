import { OrgListScreen } from './org-list-screen';

/** /ops/retail/stores/:id? */
export function StoresRoute() {
  return <OrgListScreen kind="store" />;
}
