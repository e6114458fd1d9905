import {
  pathTo,
  type ReceiverUser,
  type ReceiverUserCreate,
  type ReceiverUserList,
  receiverUsersPaths,
  type ReceiverUserUpdate,
} from '@openrescue/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

const listKey = (receiverId: number) => ['receiver-users', receiverId];

/** GET {ops}/receiver-users?receiver_id=: a receiver's charity users (its detail panel). */
export function useReceiverUsers(receiverId: number) {
  return useQuery({
    queryKey: listKey(receiverId),
    queryFn: ({ signal }) =>
      api.get<ReceiverUserList>(apiUrl(receiverUsersPaths.list), { signal, query: { receiver_id: receiverId } }),
  });
}

/** Create, change, remove and re-invite; each refreshes the receivers' lists it touches. */
export function useReceiverUserActions(receiverId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['receiver-users'] });
  const one = (id: number) => apiUrl(pathTo(receiverUsersPaths.one, { id }));
  return {
    create: useMutation({
      mutationFn: (body: ReceiverUserCreate) => api.post<ReceiverUser>(apiUrl(receiverUsersPaths.list), body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: ReceiverUserUpdate }) =>
        api.request<ReceiverUser>(one(id), { method: 'PATCH', body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.request<null>(one(id), { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    invite: useMutation({
      mutationFn: (id: number) => api.post<ReceiverUser>(apiUrl(pathTo(receiverUsersPaths.invite, { id }))),
      onSuccess: refresh,
    }),
    receiverId,
  };
}
