/** English text of the search feature (Canadian spelling; see en.ts). */
export const enSearch = {
  label: 'Search',
  open: 'Search',
  clear: 'Clear search',
  resultsLabel: 'Search results',
  searching: 'Searching…',
  seeMore: 'See more...',
  noResults: 'No results found',
  sheetLabel: 'Search',
  sheetTitle: 'Customers, assemblies, kits and parts',
  page: {
    title: 'Search',
    subtitle: 'Find customers, hose assemblies, kits and parts by number, name or description.',
    prompt: 'Type a part number, a name or a few words of a description.',
    total_one: '{{count}} result for “{{text}}”',
    total_other: '{{count}} results for “{{text}}”',
    totalCapped: 'More than {{count}} results for “{{text}}”. Add a word to narrow them down.',
    noResults: 'No results found for “{{text}}”',
    noResultsHelp: 'Check the spelling, or try the start of a part number.',
    loadFailed: 'The search could not be completed.',
    pages: 'Result pages',
  },
};
