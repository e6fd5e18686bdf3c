/**
 * The price list contracts (`packages/domain/src/estimates/price-list-contracts.ts`). Access is the
 * contracts': enterprise members read, enterprise admins keep the lists and their drafts.
 */
import {
  createPriceList as createPriceListEndpoint,
  deletePriceList as deletePriceListEndpoint,
  discardPriceListDraft as discardPriceListDraftEndpoint,
  getPriceList as getPriceListEndpoint,
  listPriceListAlerts as listPriceListAlertsEndpoint,
  listPriceListItems as listPriceListItemsEndpoint,
  listPriceLists as listPriceListsEndpoint,
  publishPriceListDraft as publishPriceListDraftEndpoint,
  removePriceListItem as removePriceListItemEndpoint,
  reviewPriceListDraft as reviewPriceListDraftEndpoint,
  savePriceListItem as savePriceListItemEndpoint,
  updatePriceList as updatePriceListEndpoint,
} from '@hosewright/domain';
import { type ContractRoute, implement } from '../../api/contract-route.ts';
import {
  createPriceList,
  deletePriceList,
  discardPriceListDraft,
  getPriceList,
  listPriceListAlerts,
  listPriceListItems,
  listPriceLists,
  publishPriceListDraft,
  removePriceListItem,
  reviewPriceListDraft,
  savePriceListItem,
  updatePriceList,
} from './service.ts';

export function priceListRoutes(): ContractRoute[] {
  return [
    implement(listPriceListsEndpoint).inTransaction(({ query }, { tx, organizationId }) =>
      listPriceLists(tx, organizationId, query),
    ),

    implement(getPriceListEndpoint).inTransaction(({ params }, { tx, organizationId }) =>
      getPriceList(tx, organizationId, params.priceListId),
    ),

    implement(createPriceListEndpoint).inTransaction(({ body }, { tx, organizationId }) =>
      createPriceList(tx, organizationId, body),
    ),

    implement(updatePriceListEndpoint).inTransaction(({ params, body }, { tx, organizationId }) =>
      updatePriceList(tx, organizationId, params.priceListId, body),
    ),

    implement(deletePriceListEndpoint).inTransaction(async ({ params }, { tx, organizationId }) => {
      await deletePriceList(tx, organizationId, params.priceListId);
      return { ok: true };
    }),

    implement(listPriceListItemsEndpoint).inTransaction(({ params, query }, { tx, organizationId }) =>
      listPriceListItems(tx, organizationId, params.priceListId, query),
    ),

    implement(listPriceListAlertsEndpoint).inTransaction(({ params }, { tx, organizationId }) =>
      listPriceListAlerts(tx, organizationId, params.priceListId),
    ),

    implement(savePriceListItemEndpoint).inTransaction(({ params, body }, { tx, organizationId }) =>
      savePriceListItem(tx, organizationId, params.priceListId, body),
    ),

    implement(removePriceListItemEndpoint).inTransaction(({ params, body }, { tx, organizationId }) =>
      removePriceListItem(tx, organizationId, params.priceListId, body),
    ),

    implement(discardPriceListDraftEndpoint).inTransaction(({ params }, { tx, organizationId }) =>
      discardPriceListDraft(tx, organizationId, params.priceListId),
    ),

    implement(reviewPriceListDraftEndpoint).inTransaction(({ params, query }, { tx, organizationId }) =>
      reviewPriceListDraft(tx, organizationId, params.priceListId, query.effectiveFrom),
    ),

    implement(publishPriceListDraftEndpoint).inTransaction(
      ({ params, body }, { tx, organizationId, userId }) =>
        publishPriceListDraft(tx, organizationId, userId, params.priceListId, body),
    ),
  ];
}
