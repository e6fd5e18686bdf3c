import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '@/lib/api';
import { stubFetch } from '@/test/fetch-stub';
import { getImage, resetImageCache, uploadImage } from './images';

const DAY = 86_400_000;

beforeEach(() => {
  resetImageCache();
  setAccessTokenGetter(async () => 'sdk-token');
});

describe('picture cache', () => {
  it('fetches a picture once and serves it from the cache for 30 days, then fetches it again', async () => {
    const { calls } = stubFetch({ 'GET /api/v1/image/obj-1': { body: { fake: 'picture' } } });
    const start = Date.UTC(2026, 0, 1);
    expect((await getImage('obj-1', start))?.size).toBeGreaterThan(0);
    await getImage('obj-1', start + 29 * DAY);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe('Bearer sdk-token');
    await getImage('obj-1', start + 31 * DAY);
    expect(calls).toHaveLength(2);
  });

  it('answers null for an object without a picture', async () => {
    stubFetch({});
    expect(await getImage('nothing-here')).toBeNull();
  });

  it('keeps showing an old picture when the refresh fails', async () => {
    stubFetch({ 'GET /api/v1/image/obj-2': { body: { fake: 'picture' } } });
    const start = Date.UTC(2026, 0, 1);
    const first = await getImage('obj-2', start);
    stubFetch({ 'GET /api/v1/image/obj-2': { status: 500, body: { message: 'down' } } });
    expect(await getImage('obj-2', start + 40 * DAY)).toBe(first);
  });
});

describe('picture upload', () => {
  it('refuses to upload without an object id, with the message of the spec, and sends nothing', async () => {
    const { calls } = stubFetch({});
    const send = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      vi.fn(() => ({ send })),
    );
    await expect(uploadImage(undefined, new Blob(['x']))).rejects.toThrow('objectId is null or not defined');
    await expect(uploadImage(null, new Blob(['x']))).rejects.toThrow('objectId is null or not defined');
    expect(send).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
    vi.unstubAllGlobals();
  });

  it('posts the file with the product headers and a 300000 ms timeout, reports progress, and caches the picture', async () => {
    const sent: { url?: string; headers: Record<string, string>; timeout?: number; body?: FormData } = {
      headers: {},
    };
    const progress: number[] = [];
    class FakeXhr {
      status = 0;
      responseText = '';
      timeout = 0;
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      open(_method: string, url: string) {
        sent.url = url;
      }
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      send(body: FormData) {
        sent.timeout = this.timeout;
        sent.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = 200;
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const picture = new Blob(['png bytes'], { type: 'image/png' });
    await uploadImage('obj-3', picture, (f) => progress.push(f));
    expect(sent.url).toBe('/api/v1/image/obj-3');
    expect(sent.timeout).toBe(300000);
    expect(sent.headers.Authorization).toBe('Bearer sdk-token');
    expect(sent.body?.get('file')).toBeTruthy();
    expect(progress).toEqual([0.5, 1]);
    vi.unstubAllGlobals();

    const { calls } = stubFetch({});
    expect(await getImage('obj-3')).toBe(picture);
    expect(calls).toHaveLength(0);
  });
});
