/**
 * API mode for ERPs (the contracts in the domain's `apikeys/apikeys.ts`): the organisation's API keys, which
 * admins create (the secret comes in that answer only), disable, enable and delete, and the log of the calls
 * made with them. `exchangeApiKey` is the ERP's business, not the app's.
 */
import {
  type ApiKeyInput,
  type ApiKeyUpdate,
  createApiKey,
  deleteApiKey,
  listApiKeys,
  listApiLogs,
  updateApiKey,
} from '@hosewright/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type Input } from './call';
import { ROOT_KEYS } from './keys';

export type ApiLogListQuery = NonNullable<Input<typeof listApiLogs>['query']>;

/** The keys and their log belong to the organisation: refreshing the organisation refreshes them too. */
const root = [...ROOT_KEYS.organization, 'api'] as const;
export const apiKeyKeys = {
  all: root,
  list: () => [...root, 'keys'] as const,
  logs: (query: ApiLogListQuery) => [...root, 'logs', query] as const,
};

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => call(listApiKeys, undefined, { signal }),
  });

/** One page of the API log, newest first; the last page stays on screen while the next one loads. */
export const apiLogsQuery = (query: ApiLogListQuery) =>
  queryOptions({
    queryKey: apiKeyKeys.logs(query),
    queryFn: ({ signal }) => call(listApiLogs, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Answers the new key with its client secret, which no other answer holds. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyInput) => call(createApiKey, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}

/** Renames a key, changes its expiry, or disables and enables it. */
export function useUpdateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ApiKeyUpdate }) =>
      call(updateApiKey, { params: { apiKeyId: id }, body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.list() }),
  });
}

/** The key is refused at once; its calls stay in the log. */
export function useDeleteApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteApiKey, { params: { apiKeyId: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
