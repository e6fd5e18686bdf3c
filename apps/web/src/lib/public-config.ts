/** `GET /api/v1/public/config`: what the SPA needs before it can render the identity provider. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api';

export const publicConfigSchema = z.object({
  oidc: z.object({ domain: z.string().min(1), clientId: z.string().min(1), audience: z.string() }),
  version: z.number(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const getPublicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'config'],
    queryFn: ({ signal }) => api.get('/api/v1/public/config', publicConfigSchema, { auth: false, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePublicConfig() {
  return useQuery(getPublicConfigQueryOptions());
}
