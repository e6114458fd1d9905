import { Fragment } from 'react';

/**
 * A code name such as 'flow_loadBulkScanToQa' or 'network_organization' (or a sentence holding one) may wrap after an
 * underscore or before a capital, never inside a word (decision 0064).
 */
export function BreakableName({ name }: { name: string }) {
  const parts = name.split(/(?<=_)|(?<=[a-z])(?=[A-Z])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
