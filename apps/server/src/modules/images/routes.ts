/**
 * Pictures of objects (the `uploadImage` and `getImage` contracts): `POST /api/v1/image/{id}` (multipart,
 * the picture in the field `file`) stores or replaces the picture of object `id`; `GET /api/v1/image/{id}`
 * answers it. The organisation's own id holds its logo, which only an admin may change. The type is read
 * from the bytes (PNG, JPEG, GIF or WebP); SVG is refused because it can carry script. An upload without an
 * id answers `NO_OBJECT_ID` ('objectId is null or not defined'); an upload without form data fails with a
 * message that says so.
 */
import { AppErrorCode, getImage, type IMAGE_TYPES, NO_OBJECT_ID, uploadImage } from '@hosewright/domain';
import { and, eq, sql } from 'drizzle-orm';
import { implement } from '../../api/contract-route.ts';
import type { ModuleManifest } from '../../api/manifest.ts';
import { images } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

const OBJECT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The picture type of these bytes, from their first bytes, or null when they are not a picture we keep. */
export function sniffImageType(bytes: Uint8Array): (typeof IMAGE_TYPES)[number] | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') {
    return 'image/webp';
  }
  return null;
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

export function imagesModule(): ModuleManifest {
  return {
    routes: [
      implement(uploadImage).inTransaction(async ({ params, body }, { tx, auth }) => {
        const objectId = checkObjectId(params.objectId, () => badRequest('The object id is not valid'));
        if (objectId === auth.organizationId && !auth.roles.includes('admin')) {
          throw new AppError(AppErrorCode.MissingRole, 'Only an admin can change the organisation’s logo');
        }
        const picture = body.file?.data;
        if (!picture || picture.length === 0)
          throw badRequest('Choose a picture to upload, in the field file.');
        const contentType = sniffImageType(picture);
        if (!contentType) {
          throw badRequest('This file is not a picture we can show. Upload a PNG, JPEG, GIF or WebP image.');
        }
        const data = Buffer.from(picture);
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
