/** Imports go below the organisation (SPEC 7), whatever they fill. */
export const ORG_API = '/api/v1/organization';

/** Query keys of the import wizard: everything under 'imports'. */
export const importKeys = {
  all: ['imports'] as const,
  lists: () => ['imports', 'list'] as const,
  list: (kinds: string) => ['imports', 'list', kinds] as const,
  log: (id: string) => ['imports', 'log', id] as const,
};
