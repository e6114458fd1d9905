import {
  type InvitationInfo,
  type MyReceiverUser,
  type MyReceiverUserList,
  receiverUsersPaths,
} from '@openrescue/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

/** GET {core}/api/clients/receiver_user: the signed-in charity user's record (decision 0066), null for anyone else. */
export async function getMyReceiverUser(signal?: AbortSignal): Promise<MyReceiverUser | null> {
  const body = await api.get<MyReceiverUserList>(apiUrl(receiverUsersPaths.me), { signal });
  return body?.results?.[0] ?? null;
}

export const myReceiverUserQueryOptions = () =>
  queryOptions({ queryKey: ['clients', 'receiver_user'], queryFn: ({ signal }) => getMyReceiverUser(signal) });

export function useMyReceiverUser(enabled = true) {
  return useQuery({ ...myReceiverUserQueryOptions(), enabled });
}

/** POST {core}/api/invitations/check: whom the invitation link is for, while it can be used. */
export function useInvitation(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.post<InvitationInfo>(apiUrl(receiverUsersPaths.invitation), { token }),
    enabled,
    retry: false,
    meta: { errorDialog: false },
  });
}

/** POST {core}/api/invitations/accept: sets the password; the link is used up. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post<{ email: string }>(apiUrl(receiverUsersPaths.accept), body),
  });
}
