import { TRANSCRIPTS_PATH, type TranscriptRow } from '@openrescue/shared';
import { coreUrl } from '../../../config/env';

export type { TranscriptRow };

/** GET {core}/api/product/calls/transcripts?search=&tw_call_length__gte=&sentiment_score= (spec 7.5); pages of 50. */
export const TRANSCRIPTS_URL = coreUrl(TRANSCRIPTS_PATH);
