import type { TranscriptDetail } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../../test-support/render-markup';
import { TranscriptDetailView } from './transcript-detail';

const call: TranscriptDetail = {
  id: 7,
  created_at: '2026-11-01T10:00:00Z',
  tw_caller_name: 'HARBOR PINE DEN',
  tw_to_number: '+15555550123',
  tw_from_number: '+15555550100',
  tw_call_direction: 'inbound',
  tw_call_length: 42,
  aai_headline: null,
  aai_gist: null,
  sentiment_score: null,
  tw_call_sid: `CA${'0'.repeat(32)}`,
  tw_call_status: 'completed',
  aai_summary: null,
  sentiment_data: null,
  transcript_from_aai: null,
  analysis_source: 'aai',
  analysis_local: [],
  analysis_status: null,
  created_by_key: { id: 3, name: 'Phone system' },
  store: null,
  receiver: null,
  audio: null,
};
const render = (t: TranscriptDetail) => renderMarkup(<TranscriptDetailView t={t} />, { router: true });

describe('the call panel', () => {
  it('names the integration key that created the call in its details', () => {
    const html = render(call);
    expect(html).toContain('Integration key');
    expect(html).toMatch(/data-testid="created-by-key">Phone system</);
    expect(render({ ...call, created_by_key: null })).not.toContain('created-by-key');
  });

  it('says when the analysis is pending or failed', () => {
    expect(render({ ...call, analysis_status: 'pending' })).toContain(
      'Analysis pending: this call&#x27;s transcript is being analysed.',
    );
    expect(render({ ...call, analysis_status: 'failed' })).toContain(
      'The analysis of this call&#x27;s transcript failed.',
    );
    const done = render({ ...call, analysis_status: 'done' });
    expect(done).not.toContain('Analysis pending');
    expect(done).not.toContain('failed');
  });
});
