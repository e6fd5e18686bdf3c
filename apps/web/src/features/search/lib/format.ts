import { DEFAULT_REVISION_DELIMITER, type SearchResult } from '@hosewright/domain';

const COMPONENT_TYPES = new Set(['hose', 'crimpFitting', 'ferrule', 'wrap', 'otherItem', 'adaptor']);

/** A search result's title, by its type; a kit's with the organisation's revision delimiter. */
export function searchResultTitle(
  result: SearchResult,
  revisionDelimiter = DEFAULT_REVISION_DELIMITER,
): string {
  const type = result.objectType;
  if (type === 'customer') return result.name ?? '';
  // SPEC 3's titles: an assembly by its part number, a kit by part number, delimiter and revision (`kitTitle`).
  if (type === 'hoseAssembly') return result.partNumber ?? '';
  if (type === 'hoseKit') {
    const partNumber = result.partNumber ?? '';
    return result.revision ? `${partNumber}${revisionDelimiter}${result.revision}` : partNumber;
  }
  if (type === 'workOrder' || type === 'salesEstimate') return result.number ?? '';
  if (COMPONENT_TYPES.has(type)) {
    const partNumber = result.partNumber ?? '';
    return result.brand ? `${partNumber} - ${result.brand}` : partNumber;
  }
  // A type registered later than this client: the most telling field it carries.
  return result.name ?? result.partNumber ?? result.number ?? result.url;
}

/** The customer's domain (empty if none); the description for every other type. */
export function searchResultSubtitle(result: SearchResult): string {
  return (result.objectType === 'customer' ? result.domain : result.description) ?? '';
}

/** Results in their order, each url once. */
export function dedupeByUrl(results: readonly SearchResult[]): SearchResult[] {
  const seen = new Set<string>();
  return results.filter((result) => !seen.has(result.url) && Boolean(seen.add(result.url)));
}

/** `/{url}`, whether or not the server's url already starts with a slash. */
export function searchResultHref(result: SearchResult): string {
  return `/${result.url.replace(/^\/+/, '')}`;
}

/** The /search page for a text (the 'See more...' and 'No results found' rows). */
export function searchPageHref(text: string): string {
  return `/search?${new URLSearchParams({ q: text })}`;
}
