/** Every call of the component library goes below the organisation (SPEC 7). */
export const ORG_API = '/api/v1/organization';

/** Query keys: everything under 'components', so one invalidation refreshes the library after a change. */
export const componentKeys = {
  all: ['components'] as const,
  lists: () => ['components', 'list'] as const,
  list: (path: string, query: string) => ['components', 'list', path, query] as const,
  item: (id: string) => ['components', 'item', id] as const,
  compatible: (id: string) => ['components', 'compatible', id] as const,
  crimpSpecs: (id: string) => ['components', 'crimpspecs', id] as const,
  couplingSeries: () => ['components', 'couplingseries'] as const,
  lookup: (list: string) => ['components', 'lookup', list] as const,
  nextPartNumber: () => ['components', 'nextpartnumber'] as const,
  sampleData: () => ['components', 'sampledata'] as const,
  pendingAll: () => ['components', 'pending'] as const,
  pending: (status: string) => ['components', 'pending', status] as const,
};
