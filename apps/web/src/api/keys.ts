/**
 * The root query key of every resource. Each resource file keys its reads below its root, so invalidating a
 * root refreshes every screen that shows the resource; a save also invalidates the roots of the resources it
 * changes (saving an assembly changes the kits that hold it and the customer's part numbers that name it).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export const ROOT_KEYS = {
  hoseAssemblies: ['hoseAssemblies'],
  hoseKits: ['hoseKits'],
  customers: ['customers'],
  components: ['components'],
  organization: ['organization'],
  currencies: ['currencies'],
  session: ['session'],
  user: ['user'],
  notifications: ['notifications'],
  search: ['search'],
  dashboard: ['dashboard'],
  imports: ['imports'],
  images: ['images'],
  system: ['system'],
  team: ['team'],
  warehouses: ['warehouses'],
  inventory: ['inventory'],
  workOrders: ['workOrders'],
  billing: ['billing'],
  salesEstimates: ['salesEstimates'],
  priceLists: ['priceLists'],
} as const satisfies Record<string, QueryKey>;

export type Resource = keyof typeof ROOT_KEYS;

/**
 * Marks every query of these resources stale (refetching those on screen); resolves when they have. After a
 * delete, `except` names the deleted id: its own queries would only answer 404 now.
 */
export function invalidate(
  client: QueryClient,
  resources: readonly Resource[],
  { except }: { except?: string } = {},
): Promise<void> {
  return Promise.all(
    resources.map((resource) =>
      client.invalidateQueries({
        queryKey: ROOT_KEYS[resource],
        ...(except ? { predicate: (query) => !query.queryKey.includes(except) } : {}),
      }),
    ),
  ).then(() => undefined);
}

/**
 * What a change to one of the shop's records shows in besides its own resource: the dashboard counts it and
 * the global search finds it.
 */
export const COUNTED_AND_SEARCHED: readonly Resource[] = ['dashboard', 'search'];
