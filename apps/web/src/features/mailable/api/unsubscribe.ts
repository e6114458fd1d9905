import { mailingPaths } from '@openrescue/shared';
import { useMutation } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

/** POST {core}/api/mail/unsubscribe?t=: the report mail's unsubscribe, confirmed on its page (decision 0051). */
export async function unsubscribeFromMail(t: string): Promise<{ email: string; unsubscribed_at: string }> {
  return api.post(apiUrl(mailingPaths.unsubscribe), undefined, { query: { t } });
}

export function useUnsubscribeFromMail() {
  return useMutation({ mutationFn: unsubscribeFromMail });
}
