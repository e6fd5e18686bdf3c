/** What the app needs before anyone signs in (`getPublicConfig`): where to sign in, and the version. */
import { getPublicConfig, type PublicConfig, publicConfigSchema } from '@hosewright/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from './call';
import { ROOT_KEYS } from './keys';

export const systemKeys = {
  all: ROOT_KEYS.system,
  publicConfig: () => [...ROOT_KEYS.system, 'publicConfig'] as const,
};

/**
 * The public config the server writes into the page (`<script id="public-config" type="application/json">`),
 * so the app starts without asking for it; undefined when the page has none (a copy from the service worker)
 * or it does not read as one.
 */
export function inlinePublicConfig(): PublicConfig | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('public-config')?.textContent;
  if (!text) return undefined;
  try {
    const parsed = publicConfigSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const publicConfigQuery = () =>
  queryOptions({
    queryKey: systemKeys.publicConfig(),
    queryFn: ({ signal }) => call(getPublicConfig, undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    initialData: inlinePublicConfig,
  });
