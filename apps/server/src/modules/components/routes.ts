/**
 * The component library's routes: each contract of `COMPONENTS_ENDPOINTS` with its handler. Members read;
 * admins write (the access of each contract).
 */
import {
  type AnyEndpoint,
  approvePendingItem,
  COMPONENT_KIND_ENDPOINTS,
  COMPONENT_KIND_INFO,
  COMPONENT_KINDS,
  type ComponentKind,
  createPendingItem,
  deleteComponent as deleteComponentEndpoint,
  deleteSampleData,
  getCompatibleParts,
  getComponent,
  getNextPartNumber,
  getSampleData,
  LOOKUP_ENDPOINTS,
  LOOKUP_LISTS,
  listComponents as listComponentsEndpoint,
  listCouplingSeries,
  listCouplingSeriesDetails,
  listCrimpFittingsWithFerrules,
  listCrimpSpecs as listCrimpSpecsEndpoint,
  listItemTypes,
  listMatchingFerrules as listMatchingFerrulesEndpoint,
  listPendingItems as listPendingItemsEndpoint,
  listWrapCoverage,
  listWrapStyles,
  loadSampleData as loadSampleDataEndpoint,
  rejectPendingItem as rejectPendingItemEndpoint,
  updateComponent as updateComponentEndpoint,
  updateCouplingSeries,
  updateCrimpSpec,
  WRAP_COVERAGE,
  WRAP_STYLES,
} from '@hosewright/domain';
import { type ContractRoute, type HandlerResult, implement } from '../../api/contract-route.ts';
import type { TenantCache } from '../../lib/tenant-cache.ts';
import { findNextPartNumber, readLookup, replaceLookup } from './lookups.ts';
import {
  approvePendingItem as approve,
  listPendingItems,
  rejectPendingItem,
  submitPendingItem,
} from './pending.ts';
import { countSampleData, loadSampleData, removeSampleData } from './sample-data.ts';
import { listCrimpSpecs, listSeriesDetails, saveCrimpSpec, saveSeries } from './series.ts';
import {
  createComponent,
  deleteComponent,
  findCompatibleParts,
  findComponentRow,
  listCompatibleFittings,
  listComponents,
  listFittingsWithFerrules,
  listMatchingFerrules,
  listSeries,
  toComponent,
  updateComponent,
} from './service.ts';

/** Answers typed by the service as the union of every kind, sent by a route of one kind. */
const as = <E extends AnyEndpoint>(_endpoint: E, value: unknown) => value as HandlerResult<E>;

/**
 * `lists` keeps the answers of the list GETs per organisation as JSON bytes until its components or settings
 * change (ADR 5): the builder and the grids ask the same pages again and again. A hit opens no transaction.
 */
export function componentRoutes(lists: TenantCache<Buffer>): ContractRoute[] {
  const kindRoutes = COMPONENT_KINDS.flatMap((kind): ContractRoute[] => {
    const endpoints = COMPONENT_KIND_ENDPOINTS[kind];
    const info = COMPONENT_KIND_INFO[kind];
    const idOf = (params: Record<string, string>) => params[`${kind}Id`] as string;
    return [
      ...endpoints.lists.map((e) => {
        const origin = e.path.endsWith(`/${info.customListPath}`) ? ('custom' as const) : undefined;
        return implement(e).inTransaction(
          ({ query }, { tx, organizationId }) => listComponents(tx, organizationId, query, { kind, origin }),
          { cache: lists },
        );
      }),
      implement(endpoints.get).inTransaction(async ({ params }, { tx, organizationId }) =>
        as(endpoints.get, toComponent(await findComponentRow(tx, organizationId, idOf(params), kind))),
      ),
      implement(endpoints.update).inTransaction(async ({ params, body }, { tx, organizationId }) => {
        const id = idOf(params);
        const saved =
          id === 'new'
            ? await createComponent(tx, organizationId, body)
            : await updateComponent(tx, organizationId, id, body);
        return as(endpoints.update, saved);
      }),
      implement(endpoints.delete).inTransaction(async ({ params }, { tx, organizationId }) => {
        await deleteComponent(tx, organizationId, idOf(params), kind);
        return { ok: true };
      }),
    ];
  });

  return [
    implement(listItemTypes).outsideTransaction(async () =>
      COMPONENT_KINDS.map((kind: ComponentKind) => {
        const { slug, label, pluralLabel } = COMPONENT_KIND_INFO[kind];
        return { kind, slug, label, pluralLabel };
      }),
    ),

    ...kindRoutes,

    implement(listComponentsEndpoint).inTransaction(({ query }, { tx, organizationId }) =>
      listComponents(tx, organizationId, query, { kind: query.kind }),
    ),
    implement(getComponent).inTransaction(async ({ params }, { tx, organizationId }) =>
      toComponent(await findComponentRow(tx, organizationId, params.itemId)),
    ),
    implement(updateComponentEndpoint).inTransaction(({ params, body }, { tx, organizationId }) =>
      params.itemId === 'new'
        ? createComponent(tx, organizationId, body)
        : updateComponent(tx, organizationId, params.itemId, body),
    ),
    implement(deleteComponentEndpoint).inTransaction(async ({ params }, { tx, organizationId }) => {
      await deleteComponent(tx, organizationId, params.itemId);
      return { ok: true };
    }),

    implement(getCompatibleParts).inTransaction(({ params }, { tx, organizationId }) =>
      findCompatibleParts(tx, organizationId, params.hoseId),
    ),
    implement(listCrimpFittingsWithFerrules).inTransaction(({ query }, { tx, organizationId }) =>
      query.hoseId
        ? listCompatibleFittings(tx, organizationId, query.hoseId, query.q)
        : listFittingsWithFerrules(tx, organizationId, query),
    ),
    implement(listMatchingFerrulesEndpoint).inTransaction(({ query }, { tx, organizationId }) =>
      listMatchingFerrules(tx, organizationId, query),
    ),

    implement(listCouplingSeries).inTransaction(async (_input, { tx, organizationId }) => {
      const items = await listSeries(tx, organizationId);
      return { items, total: items.length, page: 1 };
    }),
    implement(listCouplingSeriesDetails).inTransaction((_input, { tx, organizationId }) =>
      listSeriesDetails(tx, organizationId),
    ),
    implement(updateCouplingSeries).inTransaction(({ params, body }, { tx, organizationId }) =>
      saveSeries(tx, organizationId, params.couplingSeriesId, body),
    ),
    implement(listCrimpSpecsEndpoint).inTransaction(({ params }, { tx, organizationId }) =>
      listCrimpSpecs(tx, organizationId, params.hoseId),
    ),
    implement(updateCrimpSpec).inTransaction(({ params, body }, { tx, organizationId }) =>
      saveCrimpSpec(tx, organizationId, params.crimpSpecId, body),
    ),

    implement(listWrapStyles).outsideTransaction(async () => [...WRAP_STYLES]),
    implement(listWrapCoverage).outsideTransaction(async () => WRAP_COVERAGE.map((c) => ({ ...c }))),

    ...LOOKUP_LISTS.flatMap((list) => [
      implement(LOOKUP_ENDPOINTS[list].list).inTransaction((_input, { tx, organizationId }) =>
        readLookup(tx, organizationId, list),
      ),
      implement(LOOKUP_ENDPOINTS[list].update).inTransaction(({ body }, { tx, organizationId }) =>
        replaceLookup(tx, organizationId, list, body.items),
      ),
    ]),

    implement(getNextPartNumber).inTransaction((_input, { tx, organizationId }) =>
      findNextPartNumber(tx, organizationId),
    ),

    implement(getSampleData).inTransaction(async (_input, { tx, organizationId }) => {
      const count = await countSampleData(tx, organizationId);
      return { loaded: count > 0, count };
    }),
    implement(loadSampleDataEndpoint).inTransaction(async (_input, { tx, organizationId }) => {
      const count = await loadSampleData(tx, organizationId);
      return { loaded: count > 0, count };
    }),
    implement(deleteSampleData).inTransaction(async (_input, { tx, organizationId }) => {
      await removeSampleData(tx, organizationId);
      return { loaded: false, count: 0 };
    }),

    implement(listPendingItemsEndpoint).inTransaction(({ query }, { tx, auth }) =>
      listPendingItems(tx, auth, query.status),
    ),
    implement(createPendingItem).inTransaction(({ body }, { tx, auth }) => submitPendingItem(tx, auth, body)),
    implement(approvePendingItem).inTransaction(({ params, body }, { tx, auth }) =>
      approve(tx, auth, params.pendingItemId, body.note),
    ),
    implement(rejectPendingItemEndpoint).inTransaction(({ params, body }, { tx, auth }) =>
      rejectPendingItem(tx, auth, params.pendingItemId, body.note),
    ),
  ];
}
