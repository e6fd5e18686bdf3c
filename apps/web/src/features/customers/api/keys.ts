/** Customer calls go below `/api/v1` (ARCHITECTURE "API": `/api/v1/customers`, `/api/v1/customer/{id}`). */
export const API = '/api/v1';

/** Query keys: everything under 'customers', so one invalidation refreshes lists, details and items. */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => ['customers', 'list'] as const,
  list: (query: string) => ['customers', 'list', query] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  items: (id: string) => ['customers', 'items', id] as const,
  targets: (type: string, text: string) => ['customers', 'targets', type, text] as const,
};
