/**
 * Hose kits: the list (latest revisions), one revision with its priced lines and revision history, the
 * builder's live pricing, save (an unreleased kit changes in place, a released one gets the next revision:
 * ADR 0008), release, delete (admins) and the kit PDF. Kit bodies name the line an issue is on.
 */
import { z } from 'zod';
import { ADMIN, endpoint, MEMBER, PDF } from '../api/endpoint.ts';
import { idOrNewParam, idParam, listResponse, okSchema } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';
import {
  hoseKitComputeResponseSchema,
  hoseKitInputSchema,
  hoseKitListItemSchema,
  hoseKitListQuerySchema,
  hoseKitSchema,
  kitIssueMessage,
} from './kits.ts';

const TAG = 'Hose kits';
const KIT = 'This hose kit';
const kitParams = z.object({ hoseKitId: idParam(KIT) });

/** A kit body as the builder sends it, for the examples (a saved kit keeps its part number). */
const exampleKit = (ref: (name: string) => string) => ({
  partNumber: 'KIT-100',
  description: 'Excavator boom kit',
  customerId: ref('customerId'),
  machine: 'CAT 320 boom',
  lines: [
    { lineType: 'hoseAssembly', hoseAssemblyId: ref('hoseAssemblyId'), quantity: 2 },
    { lineType: 'component', componentId: ref('otherItemId'), quantity: 4 },
    { lineType: 'other', description: 'Zip ties, bag of 100', quantity: 1, unitCost: 7 },
  ],
});

export const listHoseKits = endpoint({
  name: 'listHoseKits',
  method: 'GET',
  path: '/api/v1/hosekits',
  tag: TAG,
  summary: 'One page of kits (latest revisions), searched by part number, description or machine',
  access: MEMBER,
  query: hoseKitListQuerySchema,
  response: listResponse(hoseKitListItemSchema),
  example: (ref) => ({
    query: {
      page: 1,
      itemsPerPage: 25,
      sort: 'updatedAt',
      order: 'desc',
      q: 'boom',
      customerId: ref('customerId'),
    },
  }),
});

/** The builder's live bill of materials: the lines priced with the customer's terms, nothing saved. */
export const computeHoseKit = endpoint({
  name: 'computeHoseKit',
  method: 'POST',
  path: '/api/v1/hosekits/compute',
  tag: TAG,
  summary: 'Price a kit as it would be saved, without saving it',
  access: MEMBER,
  body: hoseKitInputSchema,
  response: hoseKitComputeResponseSchema,
  describeIssue: kitIssueMessage,
  example: (ref) => ({ body: exampleKit(ref) }),
});

export const getHoseKit = endpoint({
  name: 'getHoseKit',
  method: 'GET',
  path: '/api/v1/hosekit/:hoseKitId',
  tag: TAG,
  summary: 'One revision of a kit, its priced lines and every revision of its part number',
  access: MEMBER,
  params: kitParams,
  response: hoseKitSchema,
  example: (ref) => ({ params: { hoseKitId: ref('hoseKitId') } }),
});

/**
 * `new` creates revision A within the plan's `maxHoseKits`. Saving an unreleased revision changes it in
 * place; saving a released one makes the next revision (the part number never changes).
 */
export const updateHoseKit = endpoint({
  name: 'updateHoseKit',
  method: 'POST',
  path: '/api/v1/hosekit/:hoseKitId/update',
  tag: TAG,
  summary: 'Create (hoseKitId new) or save a kit',
  access: MEMBER,
  params: z.object({ hoseKitId: idOrNewParam(KIT) }),
  body: hoseKitInputSchema,
  response: hoseKitSchema,
  errors: [AppErrorCode.Conflict, AppErrorCode.LimitReached],
  describeIssue: kitIssueMessage,
  example: (ref) => ({ params: { hoseKitId: ref('hoseKitId') }, body: exampleKit(ref) }),
});

/** Only the latest revision is released; from then on, saving the kit makes a new revision. */
export const releaseHoseKit = endpoint({
  name: 'releaseHoseKit',
  method: 'POST',
  path: '/api/v1/hosekit/:hoseKitId/release',
  tag: TAG,
  summary: 'Release the latest revision of a kit',
  access: MEMBER,
  params: kitParams,
  response: hoseKitSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({ params: { hoseKitId: ref('hoseKitId') } }),
});

export const deleteHoseKit = endpoint({
  name: 'deleteHoseKit',
  method: 'POST',
  path: '/api/v1/hosekit/:hoseKitId/delete',
  tag: TAG,
  summary: 'Delete a kit with every revision (admins)',
  access: ADMIN,
  params: kitParams,
  response: okSchema,
  example: (ref) => ({ params: { hoseKitId: ref('hoseKitId') } }),
});

/** A cover, the priced bill of materials and each assembly's drawing; saved as `kit-{title}.pdf`. */
export const getHoseKitPdf = endpoint({
  name: 'getHoseKitPdf',
  method: 'POST',
  path: '/api/v1/hosekit/:hoseKitId/documents/kit.pdf',
  tag: TAG,
  summary: 'The kit as a PDF document',
  access: MEMBER,
  params: kitParams,
  response: PDF,
  example: (ref) => ({ params: { hoseKitId: ref('hoseKitId') } }),
});

export const KITS_ENDPOINTS = [
  listHoseKits,
  computeHoseKit,
  getHoseKit,
  updateHoseKit,
  releaseHoseKit,
  deleteHoseKit,
  getHoseKitPdf,
];
