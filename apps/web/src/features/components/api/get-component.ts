import type { Component } from '@hosewright/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { componentKeys, ORG_API } from './paths';

/** `GET {hose|crimpfitting|...|item}/{id}`: one component; 404 when missing or another organisation's. */
export const getComponentQueryOptions = (slug: string, id: string) =>
  queryOptions({
    queryKey: componentKeys.item(id),
    queryFn: ({ signal }) =>
      api.get<Component>(`${ORG_API}/${slug}/${encodeURIComponent(id)}`, undefined, { signal }),
  });

export function useComponent(slug: string, id: string, options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getComponentQueryOptions(slug, id), enabled: options.isEnabled ?? true });
}
