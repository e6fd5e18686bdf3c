/**
 * Work orders (professional and enterprise; a trial answers 996). Members create, release, build, complete
 * and cancel them; only a draft or a cancelled one can be deleted. Status changes answer Conflict when the
 * work order is not in a state that allows them (completing twice, releasing a completed one).
 */
import { z } from 'zod';
import { endpoint, PDF, PREMIUM_MEMBER } from '../api/endpoint.ts';
import { idParam, listResponse, okSchema } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';
import {
  buildStepInputSchema,
  workOrderCancelSchema,
  workOrderCreateSchema,
  workOrderDocumentRequestSchema,
  workOrderListQuerySchema,
  workOrderSchema,
  workOrderSummarySchema,
  workOrderUpdateSchema,
} from './workorders.ts';

const TAG = 'Work orders';
const WORK_ORDER = 'This work order';
const workOrderParams = z.object({ workOrderId: idParam(WORK_ORDER) });

export const listWorkOrders = endpoint({
  name: 'listWorkOrders',
  method: 'GET',
  path: '/api/v1/workorders',
  tag: TAG,
  summary: 'One page of work orders, searched by number, description or customer, by status or customer',
  access: PREMIUM_MEMBER,
  query: workOrderListQuerySchema,
  response: listResponse(workOrderSummarySchema),
  example: { query: { page: 1, itemsPerPage: 25, open: 'true', sort: 'dueDate', order: 'asc' } },
});

export const getWorkOrder = endpoint({
  name: 'getWorkOrder',
  method: 'GET',
  path: '/api/v1/workorder/:workOrderId',
  tag: TAG,
  summary: 'One work order with its lines, units and their measurements, materials and picks',
  access: PREMIUM_MEMBER,
  params: workOrderParams,
  response: workOrderSchema,
  example: (ref) => ({ params: { workOrderId: ref('workOrderId') } }),
});

/** A draft numbered from the organisation's pattern, from assemblies, a kit or a scanned tag (a reorder). */
export const createWorkOrder = endpoint({
  name: 'createWorkOrder',
  method: 'POST',
  path: '/api/v1/workorders/create',
  tag: TAG,
  summary: 'Create a draft work order from hose assemblies, a kit or the serial on a tag',
  access: PREMIUM_MEMBER,
  body: workOrderCreateSchema,
  response: workOrderSchema,
  status: 201,
  example: (ref) => ({
    body: {
      from: 'assemblies',
      lines: [{ hoseAssemblyId: ref('hoseAssemblyId'), quantity: 2 }],
      dueDate: '2026-12-01',
      priority: 'high',
      description: 'Loader boom hoses',
    },
  }),
});

export const updateWorkOrder = endpoint({
  name: 'updateWorkOrder',
  method: 'POST',
  path: '/api/v1/workorder/:workOrderId/update',
  tag: TAG,
  summary: 'Change the details of a work order, and its lines and warehouse while it is a draft',
  access: PREMIUM_MEMBER,
  params: workOrderParams,
  body: workOrderUpdateSchema,
  response: workOrderSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({
    params: { workOrderId: ref('workOrderId') },
    body: { priority: 'urgent', notes: 'Customer waiting at the counter' },
  }),
});

/**
 * Reserves the stock every unit needs in the work order's warehouse (by location) and gives each unit its
 * serial. Refused (Conflict) when stock is short, naming what, unless the organisation allows negative stock.
 */
export const releaseWorkOrder = endpoint({
  name: 'releaseWorkOrder',
  method: 'POST',
  path: '/api/v1/workorder/:workOrderId/release',
  tag: TAG,
  summary: 'Release a draft to the shop floor: reserve its stock and number its units',
  access: PREMIUM_MEMBER,
  params: workOrderParams,
  response: workOrderSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ params: { workOrderId: ref('workOrderId') } }),
});

/** The first step recorded moves a released work order to in progress. */
export const recordBuildStep = endpoint({
  name: 'recordBuildStep',
  method: 'POST',
  path: '/api/v1/workorder/:workOrderId/unit/:unitId/step',
  tag: TAG,
  summary:
    'Record one bench step of one unit, with its measurements (cut length, crimp diameters, proof test)',
  access: PREMIUM_MEMBER,
  params: workOrderParams.extend({ unitId: idParam('This unit') }),
  body: buildStepInputSchema,
  response: workOrderSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({
    params: { workOrderId: ref('releasedWorkOrderId'), unitId: ref('workOrderUnitId') },
    body: { step: 'cut', cutLength: { value: 890, unit: 'mm' } },
  }),
});

/**
 * In one transaction: consumes the reserved stock (hose by length, every part), records each unit as a
 * built serial and closes the work order. Every unit must be ready (all steps, crimps in tolerance, the
 * proof test passed); completing twice is a Conflict.
 */
export const completeWorkOrder = endpoint({
  name: 'completeWorkOrder',
  method: 'POST',
  path: '/api/v1/workorder/:workOrderId/complete',
  tag: TAG,
  summary: 'Complete a work order: consume its stock and record its units as built serials',
  access: PREMIUM_MEMBER,
  params: workOrderParams,
  response: workOrderSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ params: { workOrderId: ref('readyWorkOrderId') } }),
});

/** Frees the reserved stock. A completed work order cannot be cancelled. */
export const cancelWorkOrder = endpoint({
  name: 'cancelWorkOrder',
  method: 'POST',
  path: '/api/v1/workorder/:workOrderId/cancel',
  tag: TAG,
  summary: 'Cancel a work order and free the stock it reserved',
  access: PREMIUM_MEMBER,
  params: workOrderParams,
  body: workOrderCancelSchema,
  response: workOrderSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({
    params: { workOrderId: ref('workOrderId') },
    body: { reason: 'Customer bought new' },
  }),
});

export const deleteWorkOrder = endpoint({
  name: 'deleteWorkOrder',
  method: 'POST',
  path: '/api/v1/workorder/:workOrderId/delete',
  tag: TAG,
  summary: 'Delete a draft or cancelled work order',
  access: PREMIUM_MEMBER,
  params: workOrderParams,
  response: okSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ params: { workOrderId: ref('workOrderId') } }),
});

export const downloadWorkOrderPickList = endpoint({
  name: 'downloadWorkOrderPickList',
  method: 'POST',
  path: '/api/v1/workorder/:workOrderId/documents/picklist.pdf',
  tag: TAG,
  summary: 'The pick list of a released work order: each item by warehouse and location',
  access: PREMIUM_MEMBER,
  params: workOrderParams,
  response: PDF,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ params: { workOrderId: ref('releasedWorkOrderId') } }),
});

export const downloadWorkOrderTraveller = endpoint({
  name: 'downloadWorkOrderTraveller',
  method: 'POST',
  path: '/api/v1/workorder/:workOrderId/documents/traveller.pdf',
  tag: TAG,
  summary: 'The traveller that goes with the work: lines, units, steps and a QR code back to the work order',
  access: PREMIUM_MEMBER,
  params: workOrderParams,
  response: PDF,
  example: (ref) => ({ params: { workOrderId: ref('workOrderId') } }),
});

/** One page per completed unit, or the unit named. */
export const downloadWorkOrderCertificates = endpoint({
  name: 'downloadWorkOrderCertificates',
  method: 'POST',
  path: '/api/v1/workorder/:workOrderId/documents/certificates.pdf',
  tag: TAG,
  summary: 'Test certificates of the completed units: serial, pressures, hold time, result, crimp diameters',
  access: PREMIUM_MEMBER,
  params: workOrderParams,
  body: workOrderDocumentRequestSchema,
  response: PDF,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ params: { workOrderId: ref('completedWorkOrderId') }, body: {} }),
});

/** The tags of every unit of a completed work order, one 4 × 2 inch page each. */
export const downloadWorkOrderTags = endpoint({
  name: 'downloadWorkOrderTags',
  method: 'POST',
  path: '/api/v1/workorder/:workOrderId/documents/tags.pdf',
  tag: TAG,
  summary: 'The tags of the completed units, one label per page',
  access: PREMIUM_MEMBER,
  params: workOrderParams,
  response: PDF,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ params: { workOrderId: ref('completedWorkOrderId') } }),
});

export const WORK_ORDERS_ENDPOINTS = [
  listWorkOrders,
  getWorkOrder,
  createWorkOrder,
  updateWorkOrder,
  releaseWorkOrder,
  recordBuildStep,
  completeWorkOrder,
  cancelWorkOrder,
  deleteWorkOrder,
  downloadWorkOrderPickList,
  downloadWorkOrderTraveller,
  downloadWorkOrderCertificates,
  downloadWorkOrderTags,
] as const;
