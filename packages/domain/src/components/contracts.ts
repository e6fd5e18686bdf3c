/**
 * The component library's endpoints, all under `/api/v1/organization`: the lists, detail, update (id `new`
 * creates) and delete of every kind and of the generic `item`, compatibility, coupling series, crimp specs,
 * lookup lists, sample data and pending items. Members read; admins write, except that any member may
 * propose an item (a pending item) for an admin to approve.
 */
import { z } from 'zod';
import { ADMIN, endpoint, MEMBER } from '../api/endpoint.ts';
import { idOrNewParam, idParam, listResponse, okSchema } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';
import { EXCLUSION_CODES } from './compatibility.ts';
import {
  COMPONENT_BODY_SCHEMAS,
  COMPONENT_KIND_INFO,
  COMPONENT_SCHEMAS,
  type ComponentKind,
  componentBodySchema,
  componentListQuery,
  componentListQuerySchema,
  componentSchema,
  couplingSeriesDetailsSchema,
  couplingSeriesInputSchema,
  couplingSeriesSchema,
  crimpFittingSchema,
  crimpSpecInputSchema,
  crimpSpecSchema,
  ferruleSchema,
  hoseSchema,
  itemListQuerySchema,
  itemTypeSchema,
  lookupListSchema,
  lookupUpdateSchema,
  PENDING_STATUSES,
  pendingItemSchema,
  pendingReviewSchema,
  WRAP_COVERAGE,
  WRAP_STYLES,
} from './components.ts';

const BASE = '/api/v1/organization';
const TAG = 'Components';

/** Names in endpoint names: `listCrimpFittings`, `getCrimpFitting`. */
const NAMES: Record<ComponentKind, { one: string; many: string }> = {
  hose: { one: 'Hose', many: 'Hoses' },
  crimpFitting: { one: 'CrimpFitting', many: 'CrimpFittings' },
  ferrule: { one: 'Ferrule', many: 'Ferrules' },
  adaptor: { one: 'Adaptor', many: 'Adaptors' },
  wrap: { one: 'Wrap', many: 'Wraps' },
  otherItem: { one: 'OtherItem', many: 'OtherItems' },
};

/** A valid body of each kind, for the examples. */
const EXAMPLE_BODIES = {
  hose: {
    kind: 'hose',
    partNumber: 'EX-2SN-08',
    brand: 'ACME',
    description: 'Two-wire braid hose, 1/2" ID',
    series: 'AC',
    dash: -8,
    workingPressurePsi: 4000,
    burstPressurePsi: 16000,
    cost: 4.1,
    costUnit: 'ft',
  },
  crimpFitting: {
    kind: 'crimpFitting',
    partNumber: 'EX-F-08-JF90',
    brand: 'ACME',
    description: 'JIC 37° female swivel 90°',
    series: 'AC',
    dash: -8,
    endType: 'JIC37',
    thread: '3/4-16',
    gender: 'F',
    swivel: true,
    angle: 90,
    pieces: 2,
    cutoffMm: 55,
    workingPressurePsi: 4500,
    cost: 6.2,
  },
  ferrule: { kind: 'ferrule', partNumber: 'EX-FER-08', brand: 'ACME', series: 'AC', dash: -8, cost: 0.9 },
  adaptor: {
    kind: 'adaptor',
    partNumber: 'EX-A-0808',
    brand: 'ACME',
    endA: 'JIC37 M -8',
    endB: 'ORB M -8',
    workingPressurePsi: 4500,
    cost: 3.4,
  },
  wrap: {
    kind: 'wrap',
    partNumber: 'EX-W-25',
    brand: 'ACME',
    style: 'nylon sleeve',
    fitsOdMinMm: 18,
    fitsOdMaxMm: 25,
    cost: 2.2,
    costUnit: 'm',
  },
  otherItem: { kind: 'otherItem', partNumber: 'EX-CAP-08', brand: 'ACME', description: 'Dust cap -8' },
} as const satisfies { [K in ComponentKind]: z.input<(typeof COMPONENT_BODY_SCHEMAS)[K]> };

const LIST_EXAMPLE = { query: { page: 1, itemsPerPage: 25, sort: 'partNumber', order: 'asc' } };

/**
 * A list GET of one kind. Every kind but `otherItem` has two: every origin (`hoses`) and the shop's own
 * (`customhoses`); other items are only ever the shop's own.
 */
function componentList<K extends ComponentKind>(kind: K, which: 'all' | 'custom') {
  const info = COMPONENT_KIND_INFO[kind];
  const { many } = NAMES[kind];
  const plural = info.pluralLabel.toLowerCase();
  return endpoint({
    name: which === 'all' ? `list${many}` : `listCustom${many}`,
    method: 'GET',
    path: `${BASE}/${which === 'all' ? info.listPath : info.customListPath}`,
    tag: TAG,
    summary:
      which === 'all'
        ? `${info.pluralLabel}, catalogue and custom (\`origin\` narrows them)`
        : `The shop's own ${plural}`,
    description: 'Answers are cached per organisation until its library or settings change.',
    access: MEMBER,
    query: componentListQuerySchema,
    response: listResponse(COMPONENT_SCHEMAS[kind] as (typeof COMPONENT_SCHEMAS)[K]),
    example: LIST_EXAMPLE,
  });
}

/** The detail, update (id `new` creates) and delete endpoints of one kind. */
function kindEndpoints<K extends ComponentKind>(kind: K) {
  const info = COMPONENT_KIND_INFO[kind];
  const { one } = NAMES[kind];
  const item = COMPONENT_SCHEMAS[kind] as (typeof COMPONENT_SCHEMAS)[K];
  const idName = `${kind}Id`;
  const notFound = `This ${info.label.toLowerCase()}`;
  const params = z.object({ [idName]: idParam(notFound) });
  return {
    get: endpoint({
      name: `get${one}`,
      method: 'GET',
      path: `${BASE}/${info.slug}/:${idName}`,
      tag: TAG,
      summary: `One ${info.label.toLowerCase()}`,
      access: MEMBER,
      params,
      response: item,
      example: (ref) => ({ params: { [idName]: ref(idName) } }),
    }),
    update: endpoint({
      name: `update${one}`,
      method: 'POST',
      path: `${BASE}/${info.slug}/:${idName}/update`,
      tag: TAG,
      summary: `Create (id \`new\`) or change a custom ${info.label.toLowerCase()}`,
      description:
        'The body may leave `kind` out: the path names it. Catalogue items are the brand’s published data and cannot be changed (400); a part number the brand already has answers 409.',
      access: ADMIN,
      params: z.object({ [idName]: idOrNewParam(notFound) }),
      body: COMPONENT_BODY_SCHEMAS[kind] as (typeof COMPONENT_BODY_SCHEMAS)[K],
      response: item,
      errors: [AppErrorCode.Conflict],
      example: (ref) => ({ params: { [idName]: ref(idName) }, body: EXAMPLE_BODIES[kind] }),
    }),
    delete: endpoint({
      name: `delete${one}`,
      method: 'POST',
      path: `${BASE}/${info.slug}/:${idName}/delete`,
      tag: TAG,
      summary: `Delete a custom or sample ${info.label.toLowerCase()}`,
      description:
        'Catalogue items other than sample data cannot be deleted (400); one used by assemblies or kits, or with stock history, is kept (409).',
      access: ADMIN,
      params,
      response: okSchema,
      errors: [AppErrorCode.Conflict],
      example: (ref) => ({ params: { [idName]: ref(idName) } }),
    }),
  };
}

export const listHoses = componentList('hose', 'all');
export const listCustomHoses = componentList('hose', 'custom');
export const { get: getHose, update: updateHose, delete: deleteHose } = kindEndpoints('hose');
export const listCrimpFittings = componentList('crimpFitting', 'all');
export const listCustomCrimpFittings = componentList('crimpFitting', 'custom');
export const {
  get: getCrimpFitting,
  update: updateCrimpFitting,
  delete: deleteCrimpFitting,
} = kindEndpoints('crimpFitting');
export const listFerrules = componentList('ferrule', 'all');
export const listCustomFerrules = componentList('ferrule', 'custom');
export const { get: getFerrule, update: updateFerrule, delete: deleteFerrule } = kindEndpoints('ferrule');
export const listAdaptors = componentList('adaptor', 'all');
export const listCustomAdaptors = componentList('adaptor', 'custom');
export const { get: getAdaptor, update: updateAdaptor, delete: deleteAdaptor } = kindEndpoints('adaptor');
export const listWraps = componentList('wrap', 'all');
export const listCustomWraps = componentList('wrap', 'custom');
export const { get: getWrap, update: updateWrap, delete: deleteWrap } = kindEndpoints('wrap');
export const listCustomOtherItems = componentList('otherItem', 'custom');
export const {
  get: getOtherItem,
  update: updateOtherItem,
  delete: deleteOtherItem,
} = kindEndpoints('otherItem');

/** The endpoints of each kind: its lists (every origin, then custom only), detail, update and delete. */
export const COMPONENT_KIND_ENDPOINTS = {
  hose: { lists: [listHoses, listCustomHoses], get: getHose, update: updateHose, delete: deleteHose },
  crimpFitting: {
    lists: [listCrimpFittings, listCustomCrimpFittings],
    get: getCrimpFitting,
    update: updateCrimpFitting,
    delete: deleteCrimpFitting,
  },
  ferrule: {
    lists: [listFerrules, listCustomFerrules],
    get: getFerrule,
    update: updateFerrule,
    delete: deleteFerrule,
  },
  adaptor: {
    lists: [listAdaptors, listCustomAdaptors],
    get: getAdaptor,
    update: updateAdaptor,
    delete: deleteAdaptor,
  },
  wrap: { lists: [listWraps, listCustomWraps], get: getWrap, update: updateWrap, delete: deleteWrap },
  otherItem: {
    lists: [listCustomOtherItems],
    get: getOtherItem,
    update: updateOtherItem,
    delete: deleteOtherItem,
  },
} as const;

export const listItemTypes = endpoint({
  name: 'listItemTypes',
  method: 'GET',
  path: `${BASE}/itemtypes`,
  tag: TAG,
  summary: 'The component kinds with their URL slug and labels',
  access: MEMBER,
  response: z.array(itemTypeSchema),
  example: {},
});

// The generic `item` routes: any kind, found by id alone.
const itemParams = z.object({ itemId: idParam('This item') });

export const listComponents = endpoint({
  name: 'listComponents',
  method: 'GET',
  path: `${BASE}/items`,
  tag: TAG,
  summary: 'Components of every kind, or of one (`kind`)',
  access: MEMBER,
  query: itemListQuerySchema,
  response: listResponse(componentSchema),
  example: { query: { kind: 'crimpFitting', dash: 8, itemsPerPage: 25 } },
});

export const getComponent = endpoint({
  name: 'getComponent',
  method: 'GET',
  path: `${BASE}/item/:itemId`,
  tag: TAG,
  summary: 'One component of any kind',
  access: MEMBER,
  params: itemParams,
  response: componentSchema,
  example: (ref) => ({ params: { itemId: ref('itemId') } }),
});

export const updateComponent = endpoint({
  name: 'updateComponent',
  method: 'POST',
  path: `${BASE}/item/:itemId/update`,
  tag: TAG,
  summary: 'Create (id `new`) or change a custom component of the kind the body names',
  access: ADMIN,
  params: z.object({ itemId: idOrNewParam('This item') }),
  body: componentBodySchema,
  response: componentSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({
    params: { itemId: ref('itemId') },
    body: { ...EXAMPLE_BODIES.crimpFitting, partNumber: 'EX-F-08-JF45', angle: 45 },
  }),
});

export const deleteComponent = endpoint({
  name: 'deleteComponent',
  method: 'POST',
  path: `${BASE}/item/:itemId/delete`,
  tag: TAG,
  summary: 'Delete a custom or sample component of any kind',
  access: ADMIN,
  params: itemParams,
  response: okSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ params: { itemId: ref('itemId') } }),
});

// Compatibility: which fittings and ferrules go on a hose (same maker, coupling series and dash, skive
// agreeing; `matchParts` decides), with every reason for every part that does not.
const exclusionSchema = z.object({ code: z.enum(EXCLUSION_CODES), message: z.string() });

export const compatiblePartsSchema = z.object({
  hose: hoseSchema,
  /** The hose's coupling series, or null when the library does not know it. */
  series: couplingSeriesSchema.nullable(),
  /** Compatible first; each with every reason it cannot be used (none when compatible). */
  fittings: z.array(
    z.object({
      item: crimpFittingSchema,
      compatible: z.boolean(),
      exclusions: z.array(exclusionSchema),
      /** The ferrule a compatible two-piece fitting is crimped with. */
      ferrule: ferruleSchema.nullable(),
      /** min(hose, fitting); null when the fitting is excluded. */
      maxWorkingPressurePsi: z.number().int().nullable(),
    }),
  ),
  ferrules: z.array(
    z.object({ item: ferruleSchema, compatible: z.boolean(), exclusions: z.array(exclusionSchema) }),
  ),
});
export type CompatiblePartsAnswer = z.infer<typeof compatiblePartsSchema>;

export const getCompatibleParts = endpoint({
  name: 'getCompatibleParts',
  method: 'GET',
  path: `${BASE}/hose/:hoseId/compatible`,
  tag: TAG,
  summary: 'Which crimp fittings and ferrules fit this hose, explaining every exclusion',
  access: MEMBER,
  params: z.object({ hoseId: idParam('This hose') }),
  response: compatiblePartsSchema,
  example: (ref) => ({ params: { hoseId: ref('hoseId') } }),
});

const hoseIdQuery = z.uuid('hoseId must be the id of a hose').optional();
const crimpFittingIdQuery = z.uuid('crimpFittingId must be the id of a crimp fitting').optional();

export const fittingWithFerruleSchema = crimpFittingSchema.extend({
  /** The ferrule the fitting is crimped with; null for a one-piece fitting or when the library has none. */
  ferrule: ferruleSchema.nullable(),
  /** With a hose: min(hose, fitting). Without: the fitting's own rating. */
  maxWorkingPressurePsi: z.number().int(),
});
export type FittingWithFerrule = z.infer<typeof fittingWithFerruleSchema>;

export const listCrimpFittingsWithFerrules = endpoint({
  name: 'listCrimpFittingsWithFerrules',
  method: 'GET',
  path: `${BASE}/crimpfittingswithferrules`,
  tag: TAG,
  summary: 'Crimp fittings, each with the ferrule it takes',
  description:
    'Without `hoseId`: every crimp fitting, paged, sorted and filtered like `crimpfittings`, each with the ferrule of its maker, series and dash (null for one-piece fittings). With `hoseId`: every fitting compatible with that hose (one page), each with the ferrule chosen for the hose.',
  access: MEMBER,
  query: componentListQuery({ hoseId: hoseIdQuery }),
  response: listResponse(fittingWithFerruleSchema),
  errors: [AppErrorCode.NotFound],
  example: (ref) => ({ query: { hoseId: ref('hoseId') } }),
});

export const listMatchingFerrules = endpoint({
  name: 'listMatchingFerrules',
  method: 'GET',
  path: `${BASE}/ferrule`,
  tag: TAG,
  summary: 'Ferrules: every one, those a fitting takes, or the one chosen for a hose and a fitting',
  description:
    'Without `hoseId` and `crimpFittingId`: every ferrule, paged like `ferrules`. With `crimpFittingId`: the active ferrules of the fitting’s maker, series and dash (none for a one-piece fitting). With `hoseId`: the ferrules compatible with the hose (one page). With both: the ferrule chosen for that hose and fitting, if any (0 or 1 items).',
  access: MEMBER,
  query: componentListQuery({ hoseId: hoseIdQuery, crimpFittingId: crimpFittingIdQuery }),
  response: listResponse(ferruleSchema),
  errors: [AppErrorCode.NotFound],
  example: (ref) => ({ query: { hoseId: ref('hoseId'), crimpFittingId: ref('crimpFittingId') } }),
});

// Coupling series.
export const listCouplingSeries = endpoint({
  name: 'listCouplingSeries',
  method: 'GET',
  path: `${BASE}/couplingseries`,
  tag: 'Coupling series',
  summary: 'Every coupling series, by brand and code',
  access: MEMBER,
  response: listResponse(couplingSeriesSchema),
  example: {},
});

export const listCouplingSeriesDetails = endpoint({
  name: 'listCouplingSeriesDetails',
  method: 'GET',
  path: `${BASE}/couplingseriesdetails`,
  tag: 'Coupling series',
  summary: 'Every coupling series with how many hoses, fittings and ferrules it holds',
  access: MEMBER,
  response: z.array(couplingSeriesDetailsSchema),
  example: {},
});

export const updateCouplingSeries = endpoint({
  name: 'updateCouplingSeries',
  method: 'POST',
  path: `${BASE}/couplingseries/:couplingSeriesId/update`,
  tag: 'Coupling series',
  summary: 'Create (id `new`) or change a custom coupling series',
  description: 'Catalogue series cannot be changed (400); a brand and code already in use answer 409.',
  access: ADMIN,
  params: z.object({ couplingSeriesId: idOrNewParam('This coupling series') }),
  body: couplingSeriesInputSchema,
  response: couplingSeriesSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({
    params: { couplingSeriesId: ref('couplingSeriesId') },
    body: { code: 'EXS', brand: 'ACME', description: 'Example series for 2-wire hose', skive: false },
  }),
});

// Crimp specs: per hose and fitting series, versioned by revision.
export const listCrimpSpecs = endpoint({
  name: 'listCrimpSpecs',
  method: 'GET',
  path: `${BASE}/hose/:hoseId/crimpspecs`,
  tag: 'Crimp specs',
  summary: "A hose's crimp specs, by fitting series and revision",
  access: MEMBER,
  params: z.object({ hoseId: idParam('This hose') }),
  response: z.array(crimpSpecSchema),
  example: (ref) => ({ params: { hoseId: ref('hoseId') } }),
});

export const updateCrimpSpec = endpoint({
  name: 'updateCrimpSpec',
  method: 'POST',
  path: `${BASE}/crimpspec/:crimpSpecId/update`,
  tag: 'Crimp specs',
  summary: 'Create (id `new`) or change a crimp spec',
  description: 'A new revision of a fitting series is a new spec; a revision already there answers 409.',
  access: ADMIN,
  params: z.object({ crimpSpecId: idOrNewParam('This crimp spec') }),
  body: crimpSpecInputSchema,
  response: crimpSpecSchema,
  // The body names the hose: a hose not in the organisation is not found.
  errors: [AppErrorCode.Conflict, AppErrorCode.NotFound],
  example: (ref) => ({
    params: { crimpSpecId: ref('crimpSpecId') },
    body: {
      hoseId: ref('hoseId'),
      fittingSeries: 'AC',
      crimpOdMm: 24.5,
      toleranceMm: 0.2,
      die: 'D-24',
      revision: 'B',
    },
  }),
});

export const listWrapStyles = endpoint({
  name: 'listWrapStyles',
  method: 'GET',
  path: `${BASE}/wrapstyles`,
  tag: TAG,
  summary: 'The wrap styles a shop picks from',
  access: MEMBER,
  response: z.array(z.enum(WRAP_STYLES)),
  example: {},
});

export const listWrapCoverage = endpoint({
  name: 'listWrapCoverage',
  method: 'GET',
  path: `${BASE}/wrapcoverage`,
  tag: TAG,
  summary: 'How much of an assembly a wrap may cover',
  access: MEMBER,
  response: z.array(
    z.object({
      code: z.enum(WRAP_COVERAGE.map((c) => c.code) as [string, ...string[]]),
      label: z.string(),
    }),
  ),
  example: {},
});

// Product groups, suppliers and locations: lists of `{ code, name }` an admin replaces as a whole.
function lookupEndpoints(path: string, one: string, many: string) {
  return {
    list: endpoint({
      name: `list${many}`,
      method: 'GET',
      path: `${BASE}/${path}`,
      tag: 'Lookup lists',
      summary: `The organisation's ${one} list, in its order`,
      access: MEMBER,
      response: lookupListSchema,
      example: {},
    }),
    update: endpoint({
      name: `update${many}`,
      method: 'POST',
      path: `${BASE}/${path}/update`,
      tag: 'Lookup lists',
      summary: `Replace the ${one} list; answers the saved list`,
      access: ADMIN,
      body: lookupUpdateSchema,
      response: lookupListSchema,
      example: {
        body: {
          items: [
            { code: 'HOSE', name: 'Hose' },
            { code: 'FIT', name: 'Fittings' },
          ],
        },
      },
    }),
  };
}
export const { list: listProductGroups, update: updateProductGroups } = lookupEndpoints(
  'productgroups',
  'product group',
  'ProductGroups',
);
export const { list: listSuppliers, update: updateSuppliers } = lookupEndpoints(
  'suppliers',
  'supplier',
  'Suppliers',
);
export const { list: listLocations, update: updateLocations } = lookupEndpoints(
  'locations',
  'location',
  'Locations',
);
/** By the path segment of `LOOKUP_LISTS`. */
export const LOOKUP_ENDPOINTS = {
  productgroups: { list: listProductGroups, update: updateProductGroups },
  suppliers: { list: listSuppliers, update: updateSuppliers },
  locations: { list: listLocations, update: updateLocations },
} as const;

export const getNextPartNumber = endpoint({
  name: 'getNextPartNumber',
  method: 'GET',
  path: `${BASE}/nextpartnumber`,
  tag: TAG,
  summary: "The next free custom part number in the organisation's pattern",
  access: MEMBER,
  response: z.object({ partNumber: z.string(), pattern: z.string() }),
  example: {},
});

// Sample data: the GEN demo catalogue, offered to every organisation and removable in one go.
const sampleDataSchema = z.object({ loaded: z.boolean(), count: z.number().int() });
export type SampleDataState = z.infer<typeof sampleDataSchema>;

export const getSampleData = endpoint({
  name: 'getSampleData',
  method: 'GET',
  path: `${BASE}/sampledata`,
  tag: 'Sample data',
  summary: 'Whether the sample catalogue is loaded, and how many items it has',
  access: MEMBER,
  response: sampleDataSchema,
  example: {},
});

export const loadSampleData = endpoint({
  name: 'loadSampleData',
  method: 'POST',
  path: `${BASE}/sampledata/load`,
  tag: 'Sample data',
  summary: 'Load (or reload) the sample catalogue as read-only catalogue items',
  access: ADMIN,
  response: sampleDataSchema,
  example: {},
});

export const deleteSampleData = endpoint({
  name: 'deleteSampleData',
  method: 'POST',
  path: `${BASE}/sampledata/delete`,
  tag: 'Sample data',
  summary: "Remove every sample item; the shop's own items stay",
  access: ADMIN,
  response: sampleDataSchema,
  example: {},
});

// Pending items: members propose, admins approve (the item becomes custom) or reject.
const pendingParams = z.object({ pendingItemId: idParam('This pending item') });

export const listPendingItems = endpoint({
  name: 'listPendingItems',
  method: 'GET',
  path: `${BASE}/pendingitems`,
  tag: 'Pending items',
  summary: 'Proposed items, newest first (at most 500): all for admins, their own for other members',
  access: MEMBER,
  query: z.object({
    status: z.enum(PENDING_STATUSES, { error: 'status must be pending, approved or rejected' }).optional(),
  }),
  response: listResponse(pendingItemSchema),
  example: { query: { status: 'pending' } },
});

export const createPendingItem = endpoint({
  name: 'createPendingItem',
  method: 'POST',
  path: `${BASE}/pendingitems/create`,
  tag: 'Pending items',
  summary: 'Propose a component for an admin to approve',
  access: MEMBER,
  body: componentBodySchema,
  response: pendingItemSchema,
  example: { body: { ...EXAMPLE_BODIES.otherItem, partNumber: 'EX-PROPOSED-1' } },
});

export const approvePendingItem = endpoint({
  name: 'approvePendingItem',
  method: 'POST',
  path: `${BASE}/pendingitem/:pendingItemId/approve`,
  tag: 'Pending items',
  summary: 'Approve a proposal: it becomes a custom item, answered as `component`',
  description: 'An item already reviewed, or a part number already in the library, answers 409.',
  access: ADMIN,
  params: pendingParams,
  body: pendingReviewSchema,
  response: pendingItemSchema.extend({ component: componentSchema }),
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({
    params: { pendingItemId: ref('pendingItemId') },
    body: { note: 'Stocked from Monday' },
  }),
});

export const rejectPendingItem = endpoint({
  name: 'rejectPendingItem',
  method: 'POST',
  path: `${BASE}/pendingitem/:pendingItemId/reject`,
  tag: 'Pending items',
  summary: 'Reject a proposal with a note',
  description: 'An item already reviewed answers 409.',
  access: ADMIN,
  params: pendingParams,
  body: pendingReviewSchema,
  response: pendingItemSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({
    params: { pendingItemId: ref('pendingItemId') },
    body: { note: 'We stock the nylon sleeve instead' },
  }),
});

export const COMPONENTS_ENDPOINTS = [
  listItemTypes,
  ...Object.values(COMPONENT_KIND_ENDPOINTS).flatMap((e) => [...e.lists, e.get, e.update, e.delete]),
  listComponents,
  getComponent,
  updateComponent,
  deleteComponent,
  getCompatibleParts,
  listCrimpFittingsWithFerrules,
  listMatchingFerrules,
  listCouplingSeries,
  listCouplingSeriesDetails,
  updateCouplingSeries,
  listCrimpSpecs,
  updateCrimpSpec,
  listWrapStyles,
  listWrapCoverage,
  ...Object.values(LOOKUP_ENDPOINTS).flatMap((e) => [e.list, e.update]),
  getNextPartNumber,
  getSampleData,
  loadSampleData,
  deleteSampleData,
  listPendingItems,
  createPendingItem,
  approvePendingItem,
  rejectPendingItem,
];
