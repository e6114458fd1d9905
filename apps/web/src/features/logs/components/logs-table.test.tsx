import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../../test-support/render-markup';
import { LogsTable } from './logs-table';

const render = (entries: Parameters<typeof LogsTable>[0]['entries']) => renderMarkup(<LogsTable entries={entries} />);

describe('LogsTable', () => {
  it("says 'No logs yet..' when there are no entries", () => {
    const html = render([]);
    expect(html).toContain('No logs yet..');
    expect(html).not.toContain('<table');
  });

  it('shows target, error and creation time of each entry, in the order given (newest first)', () => {
    const html = render([
      {
        id: 2,
        target: 'flow_loadBulkScanToQa',
        error: 'Bulk scan 9: unknown store 999',
        creation_time: '2026-11-02T10:00:00.000Z',
        job_id: 'flow_loadBulkScanToQa_2',
      },
      {
        id: 1,
        target: 'mail',
        error: 'Mail 4 to a@b.example: gave up',
        creation_time: '2026-11-01T10:00:00.000Z',
        job_id: null,
      },
    ]);
    expect(html).not.toContain('No logs yet..');
    expect(html.indexOf('unknown store 999')).toBeLessThan(html.indexOf('gave up'));
    // The job name may wrap only between its words.
    expect(html).toContain('flow_<wbr/>load<wbr/>Bulk<wbr/>Scan<wbr/>To<wbr/>Qa');
    expect(html).toContain('dateTime="2026-11-02T10:00:00.000Z"');
  });
});
