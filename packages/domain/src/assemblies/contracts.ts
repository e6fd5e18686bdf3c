/**
 * The hose assembly endpoints: the list, one revision, the builder's live computation, save (`new` creates
 * revision A; any other id makes the next revision, ADR 8), duplicate, delete, serials, the tag and spec
 * sheet PDFs, and the public serial lookup a tag's QR code opens.
 */
import { z } from 'zod';
import { ADMIN, endpoint, MEMBER, PDF, PUBLIC } from '../api/endpoint.ts';
import { idOrNewParam, idParam, okSchema } from '../api/schemas.ts';
import {
  assemblyDocumentRequestSchema,
  duplicateAssemblyRequestSchema,
  type HoseAssemblyInputDraft,
  hoseAssemblyInputSchema,
  hoseAssemblyListQuerySchema,
  serialsRequestSchema,
} from './assemblies.ts';
import {
  hoseAssemblyComputeResponseSchema,
  hoseAssemblyListSchema,
  hoseAssemblySchema,
  publicAssemblySchema,
  serialsResponseSchema,
} from './responses.ts';

export * from './responses.ts';

const TAG = 'Hose assemblies';
const NOT_FOUND = 'This hose assembly';
const assemblyParams = z.object({ hoseAssemblyId: idParam(NOT_FOUND) });

/**
 * The examples' assembly: a GEN two-wire hose with a 90° JIC elbow and its ferrule at each end, 1000 mm
 * overall, the elbows 90° apart. The parts come from the sample catalogue, whose series they share.
 */
const exampleAssembly = (ref: (name: string) => string): HoseAssemblyInputDraft => {
  const end = { fittingId: ref('sampleFittingId'), ferruleId: ref('sampleFerruleId') };
  return {
    hoseId: ref('sampleHoseId'),
    endA: end,
    endB: end,
    overallLengthMm: 1000,
    lengthMeasuredTo: 'centreline',
    orientationDeg: 90,
    orientationConvention: 'clockwise',
    quantity: 2,
    description: 'Loader boom, cylinder to valve',
  };
};

export const listHoseAssemblies = endpoint({
  name: 'listHoseAssemblies',
  method: 'GET',
  path: '/api/v1/hoseassemblies',
  tag: TAG,
  summary: 'The latest revision of every hose assembly, filtered, sorted and paged',
  access: MEMBER,
  query: hoseAssemblyListQuerySchema,
  response: hoseAssemblyListSchema,
  example: { query: { dash: '8', sort: 'partNumber', order: 'asc', page: 1, itemsPerPage: 25 } },
});

/** Nothing is saved. With `hoseAssemblyId` the part number and revision are those of its next revision. */
export const computeHoseAssembly = endpoint({
  name: 'computeHoseAssembly',
  method: 'POST',
  path: '/api/v1/hoseassemblies/compute',
  tag: TAG,
  summary: "The builder's live figures: cut length, pressure, tolerance, cost and price, warnings and errors",
  access: MEMBER,
  query: z.object({ hoseAssemblyId: z.uuid('hoseAssemblyId must be a hose assembly id').optional() }),
  body: hoseAssemblyInputSchema,
  response: hoseAssemblyComputeResponseSchema,
  // NOT_FOUND: the `hoseAssemblyId` of the query is not one of ours.
  errors: ['NOT_FOUND'],
  example: (ref) => ({ body: exampleAssembly(ref) }),
});

export const getHoseAssembly = endpoint({
  name: 'getHoseAssembly',
  method: 'GET',
  path: '/api/v1/hoseassembly/:hoseAssemblyId',
  tag: TAG,
  summary: 'One revision of a hose assembly, with every revision and serial of its part number',
  access: MEMBER,
  params: assemblyParams,
  response: hoseAssemblySchema,
  example: (ref) => ({ params: { hoseAssemblyId: ref('hoseAssemblyId') } }),
});

/**
 * `new` saves revision A under the given part number or the next one in the organisation's pattern, within
 * the plan's `maxHoseAssemblies`; an id saves the next revision after the latest. The domain's errors
 * (mixed systems, a missing ferrule, no hose left, an application pressure above the assembly's rating, a
 * safety finding not confirmed in `confirmations` with a reason: ADR 22) refuse the save with 400.
 */
export const updateHoseAssembly = endpoint({
  name: 'updateHoseAssembly',
  method: 'POST',
  path: '/api/v1/hoseassembly/:hoseAssemblyId/update',
  tag: TAG,
  summary: 'Save a new hose assembly (`new`) or the next revision of one',
  access: MEMBER,
  params: z.object({ hoseAssemblyId: idOrNewParam(NOT_FOUND) }),
  body: hoseAssemblyInputSchema,
  response: hoseAssemblySchema,
  // CONFLICT: the part number is taken, or someone saved a revision at the same moment.
  errors: ['LIMIT_REACHED', 'CONFLICT'],
  // Revises an existing assembly, so that the example names one; `new` takes the same body.
  example: (ref) => ({ params: { hoseAssemblyId: ref('hoseAssemblyId') }, body: exampleAssembly(ref) }),
});

/** The revision's spec, checked against today's library, as revision A of a new part number. */
export const duplicateHoseAssembly = endpoint({
  name: 'duplicateHoseAssembly',
  method: 'POST',
  path: '/api/v1/hoseassembly/:hoseAssemblyId/duplicate',
  tag: TAG,
  summary: 'Copy a hose assembly into a new part number',
  access: MEMBER,
  params: assemblyParams,
  body: duplicateAssemblyRequestSchema,
  response: hoseAssemblySchema,
  errors: ['LIMIT_REACHED', 'CONFLICT'],
  example: (ref) => ({ params: { hoseAssemblyId: ref('hoseAssemblyId') }, body: {} }),
});

/** Every revision of the part number goes, with its serials; refused while a hose kit uses it. */
export const deleteHoseAssembly = endpoint({
  name: 'deleteHoseAssembly',
  method: 'POST',
  path: '/api/v1/hoseassembly/:hoseAssemblyId/delete',
  tag: TAG,
  summary: 'Delete a hose assembly and all its revisions',
  access: ADMIN,
  params: assemblyParams,
  response: okSchema,
  errors: ['CONFLICT'],
  example: (ref) => ({ params: { hoseAssemblyId: ref('hoseAssemblyId') } }),
});

/** Each serial is unique across every organisation: a tag's QR code names it. */
export const createHoseAssemblySerials = endpoint({
  name: 'createHoseAssemblySerials',
  method: 'POST',
  path: '/api/v1/hoseassembly/:hoseAssemblyId/serials',
  tag: TAG,
  summary: 'Record built units of a revision; each gets a serial number',
  access: MEMBER,
  params: assemblyParams,
  body: serialsRequestSchema,
  response: serialsResponseSchema,
  example: (ref) => ({ params: { hoseAssemblyId: ref('hoseAssemblyId') }, body: { quantity: 2 } }),
});

/** The unit named by `serialId`, else the newest; an assembly without a built unit has no tag (400). */
export const downloadHoseAssemblyTag = endpoint({
  name: 'downloadHoseAssemblyTag',
  method: 'POST',
  path: '/api/v1/hoseassembly/:hoseAssemblyId/documents/tag.pdf',
  tag: TAG,
  summary: "A built unit's 4 × 2 inch tag: QR code of its public page, serial, part number, pressure",
  access: MEMBER,
  params: assemblyParams,
  body: assemblyDocumentRequestSchema,
  response: PDF,
  example: (ref) => ({ params: { hoseAssemblyId: ref('builtHoseAssemblyId') }, body: {} }),
});

export const downloadHoseAssemblySpecSheet = endpoint({
  name: 'downloadHoseAssemblySpecSheet',
  method: 'POST',
  path: '/api/v1/hoseassembly/:hoseAssemblyId/documents/specsheet.pdf',
  tag: TAG,
  summary: "A hose assembly's spec sheet: drawing, bill of materials, pressures, lengths, crimp specs",
  access: MEMBER,
  params: assemblyParams,
  body: assemblyDocumentRequestSchema,
  response: PDF,
  example: (ref) => ({ params: { hoseAssemblyId: ref('hoseAssemblyId') }, body: {} }),
});

/**
 * Anyone, signed out: the page a tag's QR code opens. Limited per address so that nobody walks through
 * serial numbers. The serial is read as a person types it (any case, O for 0, I and L for 1).
 */
export const lookUpSerial = endpoint({
  name: 'lookUpSerial',
  method: 'GET',
  path: '/api/v1/qs/:serialId',
  tag: TAG,
  summary: 'What a built unit is, by the serial number on its tag (no costs, prices or customers)',
  access: PUBLIC,
  // Any text: an unknown serial is counted by the limiter before it is found missing.
  params: z.object({ serialId: z.string() }),
  response: publicAssemblySchema,
  errors: ['TOO_MANY_REQUESTS'],
  example: (ref) => ({ params: { serialId: ref('serialId') } }),
});

export const ASSEMBLIES_ENDPOINTS = [
  listHoseAssemblies,
  computeHoseAssembly,
  getHoseAssembly,
  updateHoseAssembly,
  duplicateHoseAssembly,
  deleteHoseAssembly,
  createHoseAssemblySerials,
  downloadHoseAssemblyTag,
  downloadHoseAssemblySpecSheet,
  lookUpSerial,
] as const;
