/** Scaffold: work orders in the global search. */
import type { SearchProvider } from '../search/registry.ts';

export const workOrderSearch: SearchProvider = {
  name: 'workOrders',
  async search() {
    return { total: 0, hits: [] };
  },
};
