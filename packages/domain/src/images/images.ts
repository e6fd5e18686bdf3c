/**
 * Pictures of objects: the picture of object `id` (the organisation's own id holds its logo). The type is
 * read from the bytes; an upload without an id answers `NO_OBJECT_ID`. The organisation's pictures together
 * stay within its plan's `maxImageStorageBytes` (plans.ts).
 */
import { z } from 'zod';
import { endpoint, fileResponse, MEMBER, multipartBody } from '../api/endpoint.ts';
import { isoDateTimeSchema } from '../api/schemas.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const NO_OBJECT_ID = 'objectId is null or not defined';
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const imageUploadSchema = z.object({
  objectId: z.string(),
  contentType: z.enum(IMAGE_TYPES),
  size: z.number().int(),
  lastModified: isoDateTimeSchema,
});
export type ImageUpload = z.infer<typeof imageUploadSchema>;

/** The id of an object (letters, digits, `_` and `-`); the handler answers `NO_OBJECT_ID` for none. */
const imageParams = z.object({ objectId: z.string().max(200) });
const uploadParams = z.object({ objectId: z.string().max(200).default('') });

/** A 1x1 PNG, the examples' picture. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const getImage = endpoint({
  name: 'getImage',
  method: 'GET',
  path: '/api/v1/image/:objectId',
  tag: 'Images',
  summary: 'The picture of an object',
  access: MEMBER,
  params: imageParams,
  response: fileResponse(IMAGE_TYPES, 'The picture'),
  example: (ref) => ({ params: { objectId: ref('objectId') } }),
});

/**
 * Stores or replaces the picture of an object of the organisation; only an admin may change the
 * organisation's logo.
 */
export const uploadImage = endpoint({
  name: 'uploadImage',
  method: 'POST',
  /** Optional, so that an upload without an id is told `NO_OBJECT_ID`. */
  path: '/api/v1/image/:objectId?',
  tag: 'Images',
  summary: 'Store or replace the picture of an object (PNG, JPEG, GIF or WebP up to 5 MB)',
  description:
    'The id is that of a component, hose assembly, hose kit or customer of the organisation, or the ' +
    "organisation's own id for its logo; any other id is not found (404). The type is read from the bytes " +
    '(the one sent is ignored): SVG, other files and pictures with anything after their end or with page ' +
    "markup inside are refused (400). A picture that would take the organisation's pictures beyond its " +
    "plan's storage answers LIMIT_REACHED (403) with the limit and what is used.",
  access: MEMBER,
  params: uploadParams,
  body: multipartBody({
    fields: z.object({}),
    fileField: 'file',
    maxFileBytes: MAX_IMAGE_BYTES,
    fileDescription: 'A PNG, JPEG, GIF or WebP picture',
    tooLargeAdvice: 'Choose a smaller picture.',
  }),
  response: imageUploadSchema,
  errors: ['MISSING_ROLE', 'PAYLOAD_TOO_LARGE', 'LIMIT_REACHED'],
  example: (ref) => ({
    params: { objectId: ref('objectId') },
    body: { fields: {}, file: { fileName: 'part.png', contentType: 'image/png', base64: PNG_1X1 } },
  }),
});

export const IMAGE_ENDPOINTS = [getImage, uploadImage];
