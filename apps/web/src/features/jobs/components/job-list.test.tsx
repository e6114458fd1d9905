import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../../test-support/render-markup';
import type { Job } from '../api/get-jobs';
import { JobList } from './job-list';

const render = (jobs: Job[]) => renderMarkup(<JobList jobs={jobs} />);

describe('JobList', () => {
  it("says 'I am empty :(' when there are no jobs", () => {
    expect(render([])).toContain('I am empty :(');
  });

  it('shows each job with a progress meter at processed/total', () => {
    const html = render([
      {
        id: 'publish_company_4',
        name: 'publish_company_4',
        total: 10,
        processed: 4,
        status: 'progressing',
        updated_at: '2026-11-01T10:00:00Z',
        error: null,
      },
    ]);
    expect(html).toContain('publish_company_4');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="40"|aria-valuenow="40"[^>]*role="progressbar"/);
    expect(html).not.toContain('I am empty :(');
  });

  it('tells jobs of one kind apart by their id', () => {
    const job = (n: number): Job => ({
      id: `network_import_${n}`,
      name: 'network_import',
      total: 3,
      processed: 3,
      status: 'succeeded',
      updated_at: '2026-11-01T10:00:00Z',
      error: null,
    });
    const text = render([job(2), job(1)])
      .replace(/<wbr\/>/g, '')
      .replace(/<[^>]+>/g, ' ');
    expect(text).toMatch(/network_import\s+network_import_2/);
    expect(text).toMatch(/network_import\s+network_import_1/);
  });
});
