import { OrgListScreen } from './org-list-screen';

/** /ops/retail/receivers/:id? */
export function ReceiversRoute() {
  return <OrgListScreen kind="receiver" />;
}
