/**
 * Price lists (enterprise; a professional answers 996, ADR 21). Any member reads them; admins keep them (a
 * regular user answers 845). Prices change only through a draft version, published with its first day after
 * a review of the differences; an import (`priceList` target of the imports pipeline) fills the drafts of
 * the lists its rows name, all-or-nothing.
 */
import { z } from 'zod';
import { ENTERPRISE_ADMIN, ENTERPRISE_MEMBER, endpoint } from '../api/endpoint.ts';
import { idParam, listResponse, okSchema } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';
import {
  priceListAlertsSchema,
  priceListInputSchema,
  priceListItemInputSchema,
  priceListItemRefSchema,
  priceListItemSchema,
  priceListItemsQuerySchema,
  priceListListQuerySchema,
  priceListPublishSchema,
  priceListReviewQuerySchema,
  priceListReviewSchema,
  priceListSchema,
  priceListSummarySchema,
  priceListUpdateSchema,
} from './price-list-api.ts';

const TAG = 'Price lists';
const priceListParams = z.object({ priceListId: idParam('This price list') });
const byId = (ref: (name: string) => string) => ({ params: { priceListId: ref('priceListId') } });

export const listPriceLists = endpoint({
  name: 'listPriceLists',
  method: 'GET',
  path: '/api/v1/pricelists',
  tag: TAG,
  summary: 'One page of price lists with the version in force, the draft and how many customers use each',
  access: ENTERPRISE_MEMBER,
  query: priceListListQuerySchema,
  response: listResponse(priceListSummarySchema),
  example: { query: { page: 1, itemsPerPage: 25 } },
});

export const getPriceList = endpoint({
  name: 'getPriceList',
  method: 'GET',
  path: '/api/v1/pricelist/:priceListId',
  tag: TAG,
  summary: 'One price list: its versions, its customers and how many items are below the target margin',
  access: ENTERPRISE_MEMBER,
  params: priceListParams,
  response: priceListSchema,
  example: byId,
});

export const createPriceList = endpoint({
  name: 'createPriceList',
  method: 'POST',
  path: '/api/v1/pricelists/create',
  tag: TAG,
  summary: 'Create a price list (its prices come in a draft, by import or item by item)',
  access: ENTERPRISE_ADMIN,
  body: priceListInputSchema,
  response: priceListSchema,
  status: 201,
  errors: [AppErrorCode.Conflict],
  example: { body: { name: 'Fleet 2027', currency: 'USD', description: 'Fleet customers' } },
});

export const updatePriceList = endpoint({
  name: 'updatePriceList',
  method: 'POST',
  path: '/api/v1/pricelist/:priceListId/update',
  tag: TAG,
  summary: 'Rename a price list, describe it, or choose the customers it prices',
  access: ENTERPRISE_ADMIN,
  params: priceListParams,
  body: priceListUpdateSchema,
  response: priceListSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ ...byId(ref), body: { customerIds: [ref('customerId')] } }),
});

/** Its customers' estimates keep the prices they were saved with; new ones fall back to terms. */
export const deletePriceList = endpoint({
  name: 'deletePriceList',
  method: 'POST',
  path: '/api/v1/pricelist/:priceListId/delete',
  tag: TAG,
  summary: 'Delete a price list and every version of it',
  access: ENTERPRISE_ADMIN,
  params: priceListParams,
  response: okSchema,
  example: byId,
});

export const listPriceListItems = endpoint({
  name: 'listPriceListItems',
  method: 'GET',
  path: '/api/v1/pricelist/:priceListId/items',
  tag: TAG,
  summary: 'One page of a version’s items with today’s cost and margin, searched by part number',
  access: ENTERPRISE_MEMBER,
  params: priceListParams,
  query: priceListItemsQuerySchema,
  response: listResponse(priceListItemSchema),
  example: (ref) => ({ ...byId(ref), query: { page: 1, itemsPerPage: 50, q: 'GEN' } }),
});

export const listPriceListAlerts = endpoint({
  name: 'listPriceListAlerts',
  method: 'GET',
  path: '/api/v1/pricelist/:priceListId/alerts',
  tag: TAG,
  summary: 'Items of the version in force whose lowest price is below the target margin at today’s cost',
  access: ENTERPRISE_MEMBER,
  params: priceListParams,
  response: priceListAlertsSchema,
  example: byId,
});

export const savePriceListItem = endpoint({
  name: 'savePriceListItem',
  method: 'POST',
  path: '/api/v1/pricelist/:priceListId/draft/items',
  tag: TAG,
  summary: 'Set one item’s price and breaks in the draft (started from the version in force)',
  access: ENTERPRISE_ADMIN,
  params: priceListParams,
  body: priceListItemInputSchema,
  response: priceListSchema,
  example: (ref) => ({
    ...byId(ref),
    body: {
      itemType: 'component',
      itemId: ref('componentId'),
      unitPrice: 1250,
      breaks: [{ minQuantity: 10, unitPrice: 1100 }],
    },
  }),
});

export const removePriceListItem = endpoint({
  name: 'removePriceListItem',
  method: 'POST',
  path: '/api/v1/pricelist/:priceListId/draft/items/remove',
  tag: TAG,
  summary: 'Take one item out of the draft',
  access: ENTERPRISE_ADMIN,
  params: priceListParams,
  body: priceListItemRefSchema,
  response: priceListSchema,
  example: (ref) => ({ ...byId(ref), body: { itemType: 'component', itemId: ref('componentId') } }),
});

export const reviewPriceListDraft = endpoint({
  name: 'reviewPriceListDraft',
  method: 'GET',
  path: '/api/v1/pricelist/:priceListId/draft/review',
  tag: TAG,
  summary: 'What publishing the draft would change: items added, removed, prices up or down by how much',
  access: ENTERPRISE_ADMIN,
  params: priceListParams,
  query: priceListReviewQuerySchema,
  response: priceListReviewSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ ...byId(ref), query: {} }),
});

/** The draft becomes a version from its first day, in one transaction. Conflict when there is no draft. */
export const publishPriceListDraft = endpoint({
  name: 'publishPriceListDraft',
  method: 'POST',
  path: '/api/v1/pricelist/:priceListId/draft/publish',
  tag: TAG,
  summary: 'Publish the draft as a version from a date (today or later)',
  access: ENTERPRISE_ADMIN,
  params: priceListParams,
  body: priceListPublishSchema,
  response: priceListSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ ...byId(ref), body: { effectiveFrom: '2027-01-01', note: 'January prices' } }),
});

export const discardPriceListDraft = endpoint({
  name: 'discardPriceListDraft',
  method: 'POST',
  path: '/api/v1/pricelist/:priceListId/draft/discard',
  tag: TAG,
  summary: 'Throw the draft away',
  access: ENTERPRISE_ADMIN,
  params: priceListParams,
  response: priceListSchema,
  example: byId,
});
