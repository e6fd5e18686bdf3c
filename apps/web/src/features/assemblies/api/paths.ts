/** Where the assemblies API lives (SPEC 7: `/api/v1/hoseassemblies`, `/api/v1/hoseassembly/{id}/...`). */
export const API = '/api/v1';
export const ORG_API = '/api/v1/organization';

export const assemblyPath = (id: string) => `${API}/hoseassembly/${encodeURIComponent(id)}`;

/** Query keys: everything under 'assemblies', so one invalidation refreshes lists and details. */
export const assemblyKeys = {
  all: ['assemblies'] as const,
  list: (query: string) => ['assemblies', 'list', query] as const,
  item: (id: string) => ['assemblies', 'item', id] as const,
  compute: (body: string) => ['assemblies', 'compute', body] as const,
  publicSerial: (serialId: string) => ['assemblies', 'qs', serialId] as const,
  hoses: (text: string) => ['assemblies', 'hoses', text] as const,
  hose: (id: string) => ['assemblies', 'hose', id] as const,
  compatible: (hoseId: string) => ['assemblies', 'compatible', hoseId] as const,
  adaptors: () => ['assemblies', 'adaptors'] as const,
  wraps: () => ['assemblies', 'wraps'] as const,
};
