/**
 * Pictures of objects (SPEC 7): `POST /api/v1/image/{id}` (multipart, the picture in the field `file`) stores
 * or replaces the picture of object `id`; `GET /api/v1/image/{id}` answers it. The organisation's own id holds
 * its logo, which only an admin may change. The type is read from the bytes (PNG, JPEG, GIF or WebP); SVG is
 * refused because it can carry script. SPEC 5 / 8: an upload without an id answers
 * 'objectId is null or not defined'; an upload without form data fails with a message that says so.
 */
import multipart from '@fastify/multipart';
import { AppErrorCode } from '@hosewright/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { MEMBER } from '../auth/access.ts';
import { authOf } from '../auth/plugin.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const NO_OBJECT_ID = 'objectId is null or not defined';
const OBJECT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The picture type of these bytes, from their first bytes, or null when they are not a picture we keep. */
export function sniffImageType(bytes: Uint8Array): string | null {
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

/** The object id of the URL; a missing one (or the client's 'null'/'undefined') is SPEC 5's error. */
function objectIdOf(request: FastifyRequest, notFound: boolean): string {
  const raw = (request.params as { objectId?: string }).objectId ?? '';
  if (!raw || raw === 'null' || raw === 'undefined') throw badRequest(NO_OBJECT_ID);
  if (!OBJECT_ID.test(raw)) {
    throw notFound ? AppError.notFound('This picture') : badRequest('The object id is not valid');
  }
  return raw;
}

export function imageRoutes(app: FastifyInstance, database: Database): void {
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });

    const upload = async (request: FastifyRequest) => {
      const auth = authOf(request);
      const objectId = objectIdOf(request, false);
      if (objectId === auth.organizationId && !auth.roles.includes('admin')) {
        throw new AppError(AppErrorCode.MissingRole, 'Only an admin can change the organisation’s logo');
      }
      if (!request.isMultipart()) {
        throw badRequest('Send the picture as multipart/form-data in the field file.');
      }
      let data: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname === 'file' && !data) data = await part.toBuffer();
          else part.file.resume();
        }
      } catch (error) {
        if (error instanceof scope.multipartErrors.RequestFileTooLargeError) {
          throw badRequest(
            `The picture is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Choose a smaller one.`,
          );
        }
        throw error;
      }
      if (!data || data.length === 0) throw badRequest('Choose a picture to upload, in the field file.');
      const contentType = sniffImageType(data);
      if (!contentType) {
        throw badRequest('This file is not a picture we can show. Upload a PNG, JPEG, GIF or WebP image.');
      }
      const picture = data;
      const [row] = await database.withTenant(auth.organizationId, (tx) =>
        tx
          .insert(images)
          .values({
            organizationId: auth.organizationId,
            objectId,
            contentType,
            data: picture,
            size: picture.length,
            uploadedBy: auth.userId,
          })
          .onConflictDoUpdate({
            target: [images.organizationId, images.objectId],
            set: {
              contentType,
              data: picture,
              size: picture.length,
              uploadedBy: auth.userId,
              updatedAt: sql`now()`,
            },
          })
          .returning({ updatedAt: images.updatedAt }),
      );
      return { objectId, contentType, size: picture.length, lastModified: row?.updatedAt.toISOString() };
    };

    scope.post('/api/v1/image/:objectId', { config: { access: MEMBER } }, upload);
    // `image/` with nothing after it: the id is missing.
    scope.post('/api/v1/image', { config: { access: MEMBER } }, async () => {
      throw badRequest(NO_OBJECT_ID);
    });
  });

  app.get('/api/v1/image/:objectId', { config: { access: MEMBER } }, async (request, reply) => {
    const { organizationId } = authOf(request);
    const objectId = objectIdOf(request, true);
    const [row] = await database.withTenant(organizationId, (tx) =>
      tx
        .select()
        .from(images)
        .where(and(eq(images.organizationId, organizationId), eq(images.objectId, objectId))),
    );
    if (!row) throw AppError.notFound('This picture');
    return reply
      .header('content-type', row.contentType)
      .header('last-modified', row.updatedAt.toUTCString())
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(row.data);
  });
}
