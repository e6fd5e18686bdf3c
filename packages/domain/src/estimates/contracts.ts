/**
 * Sales estimates (professional and enterprise; a trial answers 996; ADR 21). Members write them; only a
 * draft changes. Sending emails the PDF to the contact and marks it sent; accepting makes work orders in one
 * step; a sent estimate is re-checked against today's catalogue and revised as a new revision, the sent one
 * staying as it was. Status changes a state does not allow answer Conflict.
 */
import { z } from 'zod';
import { endpoint, PDF, PREMIUM_MEMBER, XLSX } from '../api/endpoint.ts';
import { idParam, listResponse, okSchema } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';
import {
  estimateAcceptSchema,
  estimateCreateSchema,
  estimateDeclineSchema,
  estimateListQuerySchema,
  estimatePriceRequestSchema,
  estimatePricingSchema,
  estimateRecheckSchema,
  estimateSchema,
  estimateSendSchema,
  estimateSummarySchema,
  estimateUpdateSchema,
} from './estimates.ts';

const TAG = 'Sales estimates';
const ESTIMATE = 'This sales estimate';
const estimateParams = z.object({ salesEstimateId: idParam(ESTIMATE) });
const byId = (ref: (name: string) => string) => ({ params: { salesEstimateId: ref('salesEstimateId') } });

export const listSalesEstimates = endpoint({
  name: 'listSalesEstimates',
  method: 'GET',
  path: '/api/v1/salesestimates',
  tag: TAG,
  summary: 'One page of sales estimates, searched by number, description or customer, by status or customer',
  access: PREMIUM_MEMBER,
  query: estimateListQuerySchema,
  response: listResponse(estimateSummarySchema),
  example: { query: { page: 1, itemsPerPage: 25, status: 'sent', sort: 'createdAt', order: 'desc' } },
});

export const getSalesEstimate = endpoint({
  name: 'getSalesEstimate',
  method: 'GET',
  path: '/api/v1/salesestimate/:salesEstimateId',
  tag: TAG,
  summary: 'One sales estimate with its priced lines, what priced each, its taxes and totals',
  access: PREMIUM_MEMBER,
  params: estimateParams,
  response: estimateSchema,
  example: byId,
});

/** Prices lines for a customer on a date without saving anything: the editor's live prices. */
export const priceSalesEstimate = endpoint({
  name: 'priceSalesEstimate',
  method: 'POST',
  path: '/api/v1/salesestimates/price',
  tag: TAG,
  summary: 'Price estimate lines for a customer on a date (price list, then terms, then defaults)',
  access: PREMIUM_MEMBER,
  body: estimatePriceRequestSchema,
  response: estimatePricingSchema,
  example: (ref) => ({
    body: {
      customerId: ref('customerId'),
      lines: [
        { type: 'assembly', itemId: ref('hoseAssemblyId'), quantity: 4 },
        { type: 'labour', description: 'Crimping', quantity: 8 },
      ],
    },
  }),
});

export const createSalesEstimate = endpoint({
  name: 'createSalesEstimate',
  method: 'POST',
  path: '/api/v1/salesestimates/create',
  tag: TAG,
  summary: 'Create a draft sales estimate for a customer, numbered from the organisation’s pattern',
  access: PREMIUM_MEMBER,
  body: estimateCreateSchema,
  response: estimateSchema,
  status: 201,
  example: (ref) => ({
    body: {
      customerId: ref('customerId'),
      description: 'Loader hoses',
      lines: [
        { type: 'kit', itemId: ref('hoseKitId'), quantity: 2 },
        { type: 'freight', description: 'Courier', quantity: 1, unitPriceOverride: 2500 },
      ],
    },
  }),
});

export const updateSalesEstimate = endpoint({
  name: 'updateSalesEstimate',
  method: 'POST',
  path: '/api/v1/salesestimate/:salesEstimateId/update',
  tag: TAG,
  summary: 'Change a draft estimate: its details and lines (priced again when saved)',
  access: PREMIUM_MEMBER,
  params: estimateParams,
  body: estimateUpdateSchema,
  response: estimateSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ ...byId(ref), body: { notes: 'Delivery Friday' } }),
});

/** A draft or a declined estimate; one sent or accepted is kept (Conflict). */
export const deleteSalesEstimate = endpoint({
  name: 'deleteSalesEstimate',
  method: 'POST',
  path: '/api/v1/salesestimate/:salesEstimateId/delete',
  tag: TAG,
  summary: 'Delete a draft or declined estimate',
  access: PREMIUM_MEMBER,
  params: estimateParams,
  response: okSchema,
  errors: [AppErrorCode.Conflict],
  example: byId,
});

/**
 * Emails the estimate's PDF to its contact (or `to`) through the outbox and marks it sent. Refused
 * (Conflict) with no lines, with a line nothing priced, or once accepted or declined.
 */
export const sendSalesEstimate = endpoint({
  name: 'sendSalesEstimate',
  method: 'POST',
  path: '/api/v1/salesestimate/:salesEstimateId/send',
  tag: TAG,
  summary: 'Email the estimate PDF to the customer’s contact and mark it sent',
  access: PREMIUM_MEMBER,
  params: estimateParams,
  body: estimateSendSchema,
  response: estimateSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ ...byId(ref), body: { to: 'buyer@example.com', message: 'As discussed' } }),
});

/**
 * Accepts a draft or sent estimate and makes its work orders in the same transaction: one per assembly line,
 * or one for the whole estimate (every assembly line, and each kit's assemblies). Stock is not touched until
 * a work order is released. Refused (Conflict) once expired, accepted or declined.
 */
export const acceptSalesEstimate = endpoint({
  name: 'acceptSalesEstimate',
  method: 'POST',
  path: '/api/v1/salesestimate/:salesEstimateId/accept',
  tag: TAG,
  summary: 'Accept the estimate and make its work orders in one step',
  access: PREMIUM_MEMBER,
  params: estimateParams,
  body: estimateAcceptSchema,
  response: estimateSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ ...byId(ref), body: { workOrders: 'perAssembly' } }),
});

export const declineSalesEstimate = endpoint({
  name: 'declineSalesEstimate',
  method: 'POST',
  path: '/api/v1/salesestimate/:salesEstimateId/decline',
  tag: TAG,
  summary: 'Record that the customer declined the estimate',
  access: PREMIUM_MEMBER,
  params: estimateParams,
  body: estimateDeclineSchema,
  response: estimateSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ ...byId(ref), body: { reason: 'Went with a cheaper quote' } }),
});

/** Compares the estimate with today's catalogue and prices; changes nothing. */
export const recheckSalesEstimate = endpoint({
  name: 'recheckSalesEstimate',
  method: 'GET',
  path: '/api/v1/salesestimate/:salesEstimateId/recheck',
  tag: TAG,
  summary: 'What changed since the estimate was priced: parts discontinued or revised, prices moved',
  access: PREMIUM_MEMBER,
  params: estimateParams,
  response: estimateRecheckSchema,
  example: byId,
});

/**
 * A new draft revision dated today, with the same number and the next revision: assemblies and kits at
 * their latest revision, every line priced again. The estimate it revises stays as it was.
 */
export const reviseSalesEstimate = endpoint({
  name: 'reviseSalesEstimate',
  method: 'POST',
  path: '/api/v1/salesestimate/:salesEstimateId/revise',
  tag: TAG,
  summary: 'Make a new revision at today’s catalogue and prices; the original stays as sent',
  access: PREMIUM_MEMBER,
  params: estimateParams,
  response: estimateSchema,
  status: 201,
  errors: [AppErrorCode.Conflict],
  // A draft is edited, not revised: the example revises a sent estimate.
  example: (ref) => ({ params: { salesEstimateId: ref('sentSalesEstimateId') } }),
});

export const downloadSalesEstimatePdf = endpoint({
  name: 'downloadSalesEstimatePdf',
  method: 'POST',
  path: '/api/v1/salesestimate/:salesEstimateId/documents/estimate.pdf',
  tag: TAG,
  summary: 'The estimate as a PDF to send: the shop’s logo and address, the lines, each assembly’s drawing',
  access: PREMIUM_MEMBER,
  params: estimateParams,
  response: PDF,
  example: byId,
});

export const downloadSalesEstimateXlsx = endpoint({
  name: 'downloadSalesEstimateXlsx',
  method: 'POST',
  path: '/api/v1/salesestimate/:salesEstimateId/documents/estimate.xlsx',
  tag: TAG,
  summary: 'The estimate as an Excel workbook: one row per line with its prices, then the totals',
  access: PREMIUM_MEMBER,
  params: estimateParams,
  response: XLSX,
  example: byId,
});
