import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import { multipartBody } from './import-fixtures.ts';

/** The smallest valid PNG (1x1, transparent). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

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

describe('pictures of objects', () => {
  let shop: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    shop = await createTenant(t, { tier: 'professional' });
    other = await createTenant(t, { tier: 'professional' });
  });

  it('stores a picture under its object id and answers it with the type read from its bytes', async () => {
    const objectId = randomUUID();
    const res = await upload(shop.regularToken, objectId, {
      name: 'hose.png',
      content: PNG_1X1,
      type: 'text/plain',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ objectId, contentType: 'image/png', size: PNG_1X1.length });

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/image/${objectId}`,
      headers: bearer(shop.regularToken),
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['last-modified']).toBeTruthy();
    expect(got.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('replaces the picture when the same object gets a new one', async () => {
    const objectId = randomUUID();
    await upload(shop.adminToken, objectId, { name: 'a.png', content: PNG_1X1 });
    const res = await upload(shop.adminToken, objectId, { name: 'b.jpg', content: JPEG_HEAD });
    expect(res.json().contentType).toBe('image/jpeg');
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/image/${objectId}`,
      headers: bearer(shop.adminToken),
    });
    expect(got.headers['content-type']).toBe('image/jpeg');
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

  it('refuses an upload without form data, and a file that is not a picture whatever its name says', async () => {
    const noForm = await t.app.inject({
      method: 'POST',
      url: `/api/v1/image/${randomUUID()}`,
      headers: bearer(shop.adminToken),
      payload: { file: 'x' },
    });
    expect(noForm.statusCode).toBe(400);
    expect(noForm.json().message).toMatch(/multipart\/form-data/);

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const objectId = randomUUID();
    const res = await upload(shop.adminToken, objectId, {
      name: 'logo.png',
      content: svg,
      type: 'image/png',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not a picture we can show/);
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/image/${objectId}`,
      headers: bearer(shop.adminToken),
    });
    expect(got.statusCode).toBe(404);

    const empty = await upload(shop.adminToken, objectId, undefined);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/Choose a picture/);
  });

  it('refuses a picture over 5 MB', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(shop.adminToken, randomUUID(), { name: 'big.png', content: big });
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
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/image/${shop.organizationId}`,
      headers: bearer(shop.regularToken),
    });
    expect(seen.statusCode).toBe(200);
  });

  it('keeps each organisation’s pictures to itself', async () => {
    const objectId = randomUUID();
    await upload(shop.adminToken, objectId, { name: 'a.png', content: PNG_1X1 });
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/image/${objectId}`,
      headers: bearer(other.adminToken),
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/image/${randomUUID()}`,
      headers: bearer(other.adminToken),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
  });
});
