/**
 * Pictures of objects (the `uploadImage` and `getImage` contracts): `POST /api/v1/image/{id}` (multipart,
 * the picture in the field `file`) stores or replaces the picture of object `id`; `GET /api/v1/image/{id}`
 * answers it. `id` must be an object of the caller's organisation that exists (a component of any kind, a
 * hose assembly or hose kit revision, a customer) or the organisation's own id, which holds its logo and
 * which only an admin may change; any other id, another organisation's included, is not found. The type is
 * read from the bytes (PNG, JPEG, GIF or WebP; see `checkPicture`), and the organisation's pictures together
 * stay within its plan's `maxImageStorageBytes` (lib/plan-limits.ts). An upload without an id answers
 * `NO_OBJECT_ID` ('objectId is null or not defined'); an upload without form data fails with a message that
 * says so.
 */
import { AppErrorCode, getImage, type IMAGE_TYPES, NO_OBJECT_ID, uploadImage } from '@hosewright/domain';
import { and, eq, sql } from 'drizzle-orm';
import { implement } from '../../api/contract-route.ts';
import type { ModuleManifest } from '../../api/manifest.ts';
import type { Tx } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { assertWithinImageStorage } from '../../lib/plan-limits.ts';
import { findRow as findAssemblyRow } from '../assemblies/service.ts';
import { isUuid } from '../auth/plugin.ts';
import { findComponentRow } from '../components/service.ts';
import { findCustomerRow } from '../customers/service.ts';
import { findKitRow } from '../kits/service.ts';

type ImageType = (typeof IMAGE_TYPES)[number];

const OBJECT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The picture type of these bytes, from their first bytes, or null when they are not a picture we keep. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') {
    return 'image/webp';
  }
  return null;
}

/** The last bytes of a PNG: its IEND chunk (empty, then the chunk's fixed CRC). */
const PNG_END = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

/** Whether the picture ends where its format says it ends, with nothing after it. */
function endsWhereItShould(type: ImageType, bytes: Uint8Array): boolean {
  const ends = (...tail: number[]) =>
    bytes.length >= tail.length && tail.every((b, i) => bytes[bytes.length - tail.length + i] === b);
  switch (type) {
    case 'image/png':
      return ends(...PNG_END);
    case 'image/jpeg':
      return ends(0xff, 0xd9);
    case 'image/gif':
      return ends(0x3b);
    case 'image/webp':
      // The RIFF header gives the length of what follows its first 8 bytes.
      return (
        bytes.length >= 12 &&
        new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true) === bytes.length - 8
      );
  }
}

/** The start of a tag that makes a browser run or show markup; a picture has no reason to carry one. */
const MARKUP = /<(?:script|svg|html|body|iframe|object|embed|!doctype)[\s/>]/i;

/**
 * What these bytes are, or a 400 that says why we do not keep them. Only PNG, JPEG, GIF and WebP are kept,
 * known by their first bytes: the client's type and file name are never trusted, and SVG (markup that can
 * carry script) is never a picture here. A file can also be two things at once (a "polyglot": a picture a
 * browser or another program also reads as a page, a script, a ZIP or a PDF), so a picture is refused when
 * anything follows its end (PNG must end with its IEND chunk, JPEG with the end-of-image marker FF D9, GIF
 * with its trailer 3B, and a WebP's RIFF header must give the file's exact length), or when it carries the
 * start of an HTML or SVG tag anywhere (`MARKUP`). The stored type is the one found here.
 */
export function checkPicture(bytes: Uint8Array): ImageType {
  const type = sniffImageType(bytes);
  if (!type) {
    throw badRequest(
      'This file is not a picture we can show. Upload a PNG, JPEG, GIF or WebP image (SVG is not accepted).',
    );
  }
  if (!endsWhereItShould(type, bytes) || MARKUP.test(Buffer.from(bytes).toString('latin1'))) {
    throw badRequest(
      'This picture carries something besides the picture (data after its end, or page markup), so it was ' +
        'not stored. Save it again as a plain PNG, JPEG, GIF or WebP image.',
    );
  }
  return type;
}

function badRequest(message: string): AppError {
  return new AppError(AppErrorCode.BadRequest, message);
}

/** The object id of the URL; a missing one (or the client's 'null'/'undefined') is `NO_OBJECT_ID`. */
function checkObjectId(raw: string, invalid: () => AppError): string {
  if (!raw || raw === 'null' || raw === 'undefined') throw badRequest(NO_OBJECT_ID);
  if (!OBJECT_ID.test(raw)) throw invalid();
  return raw;
}

/** The one answer for an id that names nothing of the caller's organisation, whoever's it is. */
const objectNotFound = () => AppError.notFound('The object this picture is for');

/** The objects a picture may be for, each with its module's finder (which throws NOT_FOUND for none). */
const FINDERS: readonly ((tx: Tx, organizationId: string, id: string) => Promise<unknown>)[] = [
  findComponentRow,
  findKitRow,
  findAssemblyRow,
  findCustomerRow,
];

/** Refuses an id that is not the organisation's own nor one of its objects, with `objectNotFound`. */
async function assertObjectExists(tx: Tx, organizationId: string, objectId: string): Promise<void> {
  if (objectId === organizationId) return;
  if (!isUuid(objectId)) throw objectNotFound();
  for (const find of FINDERS) {
    try {
      await find(tx, organizationId, objectId);
      return;
    } catch (error) {
      if (!(error instanceof AppError && error.code === AppErrorCode.NotFound)) throw error;
    }
  }
  throw objectNotFound();
}

/** Bytes of all the organisation's pictures, and of the one `objectId` has now (what an upload replaces). */
async function pictureBytes(tx: Tx, organizationId: string, objectId: string) {
  const [row] = await tx
    .select({
      used: sql<number>`coalesce(sum(${images.size}), 0)`.mapWith(Number),
      replaced:
        sql<number>`coalesce(sum(${images.size}) filter (where ${images.objectId} = ${objectId}), 0)`.mapWith(
          Number,
        ),
    })
    .from(images)
    .where(eq(images.organizationId, organizationId));
  return { used: row?.used ?? 0, replaced: row?.replaced ?? 0 };
}

export function imagesModule(): ModuleManifest {
  return {
    routes: [
      implement(uploadImage).inTransaction(async ({ params, body }, { tx, auth }) => {
        const objectId = checkObjectId(params.objectId, objectNotFound);
        await assertObjectExists(tx, auth.organizationId, objectId);
        if (objectId === auth.organizationId && !auth.roles.includes('admin')) {
          throw new AppError(AppErrorCode.MissingRole, 'Only an admin can change the organisation’s logo');
        }
        const picture = body.file?.data;
        if (!picture || picture.length === 0)
          throw badRequest('Choose a picture to upload, in the field file.');
        const contentType = checkPicture(picture);
        const data = Buffer.from(picture);
        await assertWithinImageStorage(tx, auth.organizationId, data.length, (t) =>
          pictureBytes(t, auth.organizationId, objectId),
        );
        const [row] = await tx
          .insert(images)
          .values({
            organizationId: auth.organizationId,
            objectId,
            contentType,
            data,
            size: data.length,
            uploadedBy: auth.userId,
          })
          .onConflictDoUpdate({
            target: [images.organizationId, images.objectId],
            set: { contentType, data, size: data.length, uploadedBy: auth.userId, updatedAt: sql`now()` },
          })
          .returning({ updatedAt: images.updatedAt });
        return {
          objectId,
          contentType,
          size: data.length,
          lastModified: (row?.updatedAt ?? new Date()).toISOString(),
        };
      }),

      implement(getImage).inTransaction(async ({ params }, { tx, organizationId, reply }) => {
        const objectId = checkObjectId(params.objectId, () => AppError.notFound('This picture'));
        const [row] = await tx
          .select()
          .from(images)
          .where(and(eq(images.organizationId, organizationId), eq(images.objectId, objectId)));
        if (!row) throw AppError.notFound('This picture');
        reply
          .header('last-modified', row.updatedAt.toUTCString())
          .header('cache-control', 'private, no-cache')
          .header('x-content-type-options', 'nosniff');
        return { data: row.data, contentType: row.contentType };
      }),
    ],
  };
}
