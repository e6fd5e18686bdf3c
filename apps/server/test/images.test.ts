import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../src/db/schema.ts';
import { FIXTURES } from './fixtures.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import { multipartBody } from './import-fixtures.ts';

/** The smallest valid PNG (1x1, transparent). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** A JPEG's start of image and JFIF header, then its end of image (FF D9). */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
/** The smallest GIF (1x1), ending with its trailer (3B). */
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** A WebP whose RIFF header gives its length. */
const WEBP = (() => {
  const body = Buffer.concat([Buffer.from('WEBPVP8L'), Buffer.from([5, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0])]);
  const head = Buffer.from('RIFF0000');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
})();
const IEND = PNG_1X1.subarray(PNG_1X1.length - 12);

/** A PNG with an extra chunk of `data` before its IEND chunk (how text and metadata travel in a PNG). */
function pngWithChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([
    PNG_1X1.subarray(0, PNG_1X1.length - 12),
    length,
    Buffer.from(type),
    data,
    Buffer.alloc(4),
    IEND,
  ]);
}
/** A valid-looking PNG of exactly `bytes` bytes. */
function pngOfSize(bytes: number): Buffer {
  return pngWithChunk('zzZz', Buffer.alloc(bytes - PNG_1X1.length - 12));
}

const MB = 1024 * 1024;

const t: TestApp = await createTestApp();
afterAll(() => t.close());

function upload(token: string, objectId: string, file?: { name: string; content: Buffer; type?: string }) {
  const body = multipartBody({}, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/image/${objectId}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

function download(token: string, objectId: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1/image/${objectId}`, headers: bearer(token) });
}

/** The organisation's stored pictures: how many, and their bytes. */
async function stored(tenant: TestTenant): Promise<{ count: number; bytes: number }> {
  const rows = await t.database.withTenant(tenant.organizationId, (tx) =>
    tx.select({ size: images.size }).from(images).where(eq(images.organizationId, tenant.organizationId)),
  );
  return { count: rows.length, bytes: rows.reduce((sum, r) => sum + r.size, 0) };
}

/** A new hose of `tenant`: an object a picture may be for. */
const newHose = (tenant: TestTenant) => FIXTURES.hoseId!(t, tenant);

describe('pictures of objects', () => {
  let shop: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    shop = await createTenant(t, { tier: 'professional' });
    other = await createTenant(t, { tier: 'professional' });
  });

  it('stores a picture under its object id and answers it with the type read from its bytes', async () => {
    const objectId = await newHose(shop);
    const res = await upload(shop.regularToken, objectId, {
      name: 'hose.png',
      content: PNG_1X1,
      type: 'text/plain',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ objectId, contentType: 'image/png', size: PNG_1X1.length });

    const got = await download(shop.regularToken, objectId);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['last-modified']).toBeTruthy();
    expect(got.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('takes a picture for a component, a hose kit, a hose assembly and a customer of the organisation', async () => {
    for (const name of ['otherItemId', 'hoseKitId', 'hoseAssemblyId', 'customerId']) {
      const objectId = await FIXTURES[name]!(t, shop);
      const res = await upload(shop.regularToken, objectId, { name: 'a.gif', content: GIF_1X1 });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect((await download(shop.regularToken, objectId)).headers['content-type'], name).toBe('image/gif');
    }
  });

  it('replaces the picture when the same object gets a new one', async () => {
    const objectId = await newHose(shop);
    await upload(shop.adminToken, objectId, { name: 'a.png', content: PNG_1X1 });
    const res = await upload(shop.adminToken, objectId, { name: 'b.jpg', content: JPEG });
    expect(res.json().contentType).toBe('image/jpeg');
    const webp = await upload(shop.adminToken, objectId, { name: 'c.webp', content: WEBP });
    expect(webp.statusCode, webp.body).toBe(200);
    const got = await download(shop.adminToken, objectId);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.rawPayload.equals(WEBP)).toBe(true);
  });

  it('refuses an upload without an object id with the NO_OBJECT_ID message', async () => {
    for (const url of ['/api/v1/image', '/api/v1/image/', '/api/v1/image/null', '/api/v1/image/undefined']) {
      const body = multipartBody({}, { name: 'a.png', content: PNG_1X1 });
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(shop.adminToken), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe('objectId is null or not defined');
    }
  });

  it('refuses a made-up id, and stores nothing', async () => {
    const before = await stored(shop);
    for (const objectId of [randomUUID(), 'made-up', 'anything_else-123']) {
      const res = await upload(shop.adminToken, objectId, { name: 'a.png', content: PNG_1X1 });
      expect(res.statusCode, objectId).toBe(404);
      expect(res.json(), objectId).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'The object this picture is for was not found',
      });
      expect((await download(shop.adminToken, objectId)).statusCode, objectId).toBe(404);
    }
    expect(await stored(shop)).toEqual(before);
  });

  it('answers another organisation’s object, and the organisation itself, exactly like a missing one', async () => {
    const theirHose = await newHose(other);
    const theirCustomer = await FIXTURES.customerId!(t, other);
    const before = { shop: await stored(shop), other: await stored(other) };
    const missing = await upload(shop.adminToken, randomUUID(), { name: 'a.png', content: PNG_1X1 });
    expect(missing.statusCode).toBe(404);
    for (const objectId of [theirHose, theirCustomer, other.organizationId]) {
      const foreign = await upload(shop.adminToken, objectId, { name: 'a.png', content: PNG_1X1 });
      expect(foreign.statusCode, objectId).toBe(404);
      expect(foreign.body, objectId).toBe(missing.body);
    }
    expect(await stored(shop)).toEqual(before.shop);
    expect(await stored(other)).toEqual(before.other);
    expect((await download(other.adminToken, theirHose)).statusCode).toBe(404);
  });

  it('refuses an upload without form data, and a file that is not a picture whatever its name says', async () => {
    const noForm = await t.app.inject({
      method: 'POST',
      url: `/api/v1/image/${await newHose(shop)}`,
      headers: bearer(shop.adminToken),
      payload: { file: 'x' },
    });
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json().message).toMatch(/multipart\/form-data/);

    const objectId = await newHose(shop);
    const empty = await upload(shop.adminToken, objectId, undefined);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Choose a picture/);
  });

  it('refuses SVG, HTML named .png and pictures with markup or anything after their end, storing nothing', async () => {
    const objectId = await newHose(shop);
    const before = await stored(shop);
    const notPictures = {
      'an SVG': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'an SVG with an XML declaration': Buffer.from('<?xml version="1.0"?>\n<svg onload="alert(1)"/>'),
      'an HTML page named .png': Buffer.from('<!doctype html><html><body><script>alert(1)</script>'),
    };
    for (const [what, content] of Object.entries(notPictures)) {
      const res = await upload(shop.adminToken, objectId, { name: 'logo.png', content, type: 'image/png' });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toBe(
        'This file is not a picture we can show. Upload a PNG, JPEG, GIF or WebP image (SVG is not accepted).',
      );
    }
    const polyglots = {
      'a PNG with a script after it': Buffer.concat([PNG_1X1, Buffer.from('<script>alert(1)</script>')]),
      'a PNG with an SVG inside': pngWithChunk('tEXt', Buffer.from('c\0<svg onload=alert(1)>')),
      'a PNG with HTML inside': pngWithChunk('tEXt', Buffer.from('c\0<HTML><BODY>hi')),
      'a JPEG with a ZIP after it': Buffer.concat([JPEG, Buffer.from('PK\x03\x04 zip entries PK\x05\x06')]),
      'a JPEG with a PDF after it': Buffer.concat([JPEG, Buffer.from('%PDF-1.4\n1 0 obj\n%%EOF\n')]),
      'a GIF with a script after it': Buffer.concat([GIF_1X1, Buffer.from('alert(1)//')]),
      'a WebP with more after it than its header says': Buffer.concat([WEBP, Buffer.from('<html>')]),
    };
    for (const [what, content] of Object.entries(polyglots)) {
      const res = await upload(shop.adminToken, objectId, { name: 'part.png', content });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().message, what).toMatch(/carries something besides the picture/);
    }
    expect((await download(shop.adminToken, objectId)).statusCode).toBe(404);
    expect(await stored(shop)).toEqual(before);
  });

  it('refuses a picture over 5 MB', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(shop.adminToken, await newHose(shop), { name: 'big.png', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(res.json().message).toMatch(/larger than 5 MB/);
  });

  it('lets only an admin change the organisation’s logo', async () => {
    const regular = await upload(shop.regularToken, shop.organizationId, {
      name: 'logo.png',
      content: PNG_1X1,
    });
    expect(regular.statusCode).toBe(403);
    const admin = await upload(shop.adminToken, shop.organizationId, { name: 'logo.png', content: PNG_1X1 });
    expect(admin.statusCode).toBe(200);
    const seen = await download(shop.regularToken, shop.organizationId);
    expect(seen.statusCode).toBe(200);
  });

  it('says in the records whether there is a picture to ask for: the organisation its logo, a kit its revisions', async () => {
    const fresh = await createTenant(t, { tier: 'professional' });
    const read = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: bearer(fresh.regularToken) })).json();
    expect((await read('/api/v1/organization')).hasLogo).toBe(false);
    await upload(fresh.adminToken, fresh.organizationId, { name: 'logo.png', content: PNG_1X1 });
    expect((await read('/api/v1/organization')).hasLogo).toBe(true);

    const kitId = await FIXTURES.hoseKitId!(t, fresh);
    const pictured = async () =>
      ((await read(`/api/v1/hosekit/${kitId}`)).revisions as { hasPicture: boolean }[]).map(
        (r) => r.hasPicture,
      );
    expect(await pictured()).toEqual([false]);
    await upload(fresh.regularToken, kitId, { name: 'kit.png', content: PNG_1X1 });
    expect(await pictured()).toEqual([true]);
  });

  it('keeps each organisation’s pictures to itself', async () => {
    const objectId = await newHose(shop);
    await upload(shop.adminToken, objectId, { name: 'a.png', content: PNG_1X1 });
    const foreign = await download(other.adminToken, objectId);
    const missing = await download(other.adminToken, randomUUID());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });
});

/**
 * Records a picture of `bytes` bytes for a new hose of `tenant`, as if uploaded: the quota counts the sizes
 * stored with the pictures, and sending tens of megabytes through PGlite would take a minute.
 */
async function seedPicture(tenant: TestTenant, bytes: number): Promise<void> {
  const objectId = await newHose(tenant);
  await t.database.withTenant(tenant.organizationId, (tx) =>
    tx.insert(images).values({
      organizationId: tenant.organizationId,
      objectId,
      contentType: 'image/png',
      data: PNG_1X1,
      size: bytes,
    }),
  );
}

describe('picture storage per plan', () => {
  const KB = 1024;
  const used = Math.round(49.2 * MB);

  it('refuses, with the limit and what is used, the picture that would take a trial beyond 50 MB', async () => {
    const trial = await createTenant(t, { tier: 'trial' });
    await seedPicture(trial, used);
    const before = await stored(trial);

    const hose = await newHose(trial);
    const refused = await upload(trial.regularToken, hose, { name: 'one-more.png', content: pngOfSize(MB) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      code: 'LIMIT_REACHED',
      message:
        'Your Trial plan stores up to 50 MB of pictures and 49.2 MB are used, so this 1 MB picture does not ' +
        'fit. Upgrade your subscription to store more, or replace pictures with smaller ones.',
      details: { limit: 'maxImageStorageBytes', max: 50 * MB, used, upgradeUrl: '/upgradesubscription' },
    });
    expect((await download(trial.regularToken, hose)).statusCode).toBe(404);
    expect(await stored(trial)).toEqual(before);
  });

  it('stores what still fits, and counts only the difference when a picture is replaced', async () => {
    const trial = await createTenant(t, { tier: 'trial' });
    await seedPicture(trial, used);
    const hose = await newHose(trial);
    expect(
      (await upload(trial.adminToken, hose, { name: 'a.png', content: pngOfSize(300 * KB) })).statusCode,
    ).toBe(200);
    const room = 50 * MB - used - 300 * KB;

    const fills = await upload(trial.adminToken, hose, {
      name: 'b.png',
      content: pngOfSize(300 * KB + room),
    });
    expect(fills.statusCode, fills.body).toBe(200);
    expect((await stored(trial)).bytes).toBe(50 * MB);
    const over = await upload(trial.adminToken, hose, {
      name: 'c.png',
      content: pngOfSize(300 * KB + room + 1),
    });
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('LIMIT_REACHED');
    expect((await download(trial.adminToken, hose)).rawPayload.length).toBe(300 * KB + room);
    const smaller = await upload(trial.adminToken, hose, { name: 'd.png', content: pngOfSize(100 * KB) });
    expect(smaller.statusCode).toBe(200);
    expect((await stored(trial)).bytes).toBe(used + 100 * KB);
  });

  it('stores the same picture for a professional plan', async () => {
    const pro = await createTenant(t, { tier: 'professional' });
    await seedPicture(pro, used);
    const res = await upload(pro.adminToken, await newHose(pro), { name: 'p.png', content: pngOfSize(MB) });
    expect(res.statusCode, res.body).toBe(200);
  });
});
