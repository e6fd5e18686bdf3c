/** English text of the first-run offer of the component library (Canadian spelling; see en.ts). */
export const enLibrary = {
  title: 'Your $t(spelling.catalogue)',
  empty: 'Your library is empty, so the builder has no hose to offer yet.',
  emptyMember:
    'Your library is empty, so the builder has no hose to offer yet. Ask an admin to load the sample $t(spelling.catalogue) or import yours.',
  offer:
    'Load the sample $t(spelling.catalogue) (brand GEN, round numbers, no maker’s data) to build a hose in a minute, or import your own $t(spelling.catalogue) from a spreadsheet.',
  hasSample_one: 'Your library holds the sample $t(spelling.catalogue): {{formatted}} item.',
  hasSample_other: 'Your library holds the sample $t(spelling.catalogue): {{formatted}} items.',
  hasOwn_one: 'Your library holds {{formatted}} item of your own.',
  hasOwn_other: 'Your library holds {{formatted}} items of your own.',
  hasBoth_one: 'Your library holds {{formatted}} item of your own and the sample $t(spelling.catalogue).',
  hasBoth_other: 'Your library holds {{formatted}} items of your own and the sample $t(spelling.catalogue).',
  load: 'Load the sample $t(spelling.catalogue)',
  loading: 'Loading the sample $t(spelling.catalogue)…',
  loaded_one: 'Sample $t(spelling.catalogue) loaded: {{count}} item. The builder can use it now.',
  loaded_other: 'Sample $t(spelling.catalogue) loaded: {{count}} items. The builder can use it now.',
  import: 'Import your $t(spelling.catalogue)',
  checkFailed: 'Could not check what your library holds.',
};
