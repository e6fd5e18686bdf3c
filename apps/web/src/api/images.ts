/**
 * Pictures of objects (SPEC 3 "Image cache entry", SPEC 7 `/api/v1/image/{id}`, SPEC 9): a picture is fetched
 * once and kept on the device under its object id with the time it was fetched; it is fetched again when the
 * entry is older than 30 days or after this device uploads a new one. Uploads report their progress and give
 * up after 300000 ms. The cache is IndexedDB where the browser has it, else memory.
 */
import { AppErrorCode, IMAGE_CACHE_MAX_AGE_DAYS, IMAGE_UPLOAD_TIMEOUT_MS } from '@hosewright/domain';
import { ApiError, api, isApiError, productHeaders, toErrorBody } from './api';

export interface ImageCacheEntry {
  /** The object id. */
  name: string;
  data: Blob;
  /** When this device fetched or uploaded it (ms since the epoch). */
  lastModified: number;
}

const MAX_AGE_MS = IMAGE_CACHE_MAX_AGE_DAYS * 86_400_000;
export const NO_OBJECT_ID = 'objectId is null or not defined';

interface ImageStore {
  get(name: string): Promise<ImageCacheEntry | undefined>;
  put(entry: ImageCacheEntry): Promise<void>;
  delete(name: string): Promise<void>;
}

function memoryStore(): ImageStore {
  const entries = new Map<string, ImageCacheEntry>();
  return {
    get: async (name) => entries.get(name),
    put: async (entry) => void entries.set(entry.name, entry),
    delete: async (name) => void entries.delete(name),
  };
}

function indexedDbStore(factory: IDBFactory): ImageStore {
  const STORE = 'images';
  let opening: Promise<IDBDatabase> | undefined;
  const open = () => {
    opening ??= new Promise((resolve, reject) => {
      const request = factory.open('hosewright-images', 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'name' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return opening;
  };
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => {
    const db = await open();
    return new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  };
  return {
    get: (name) => run('readonly', (s) => s.get(name) as IDBRequest<ImageCacheEntry | undefined>),
    put: async (entry) => void (await run('readwrite', (s) => s.put(entry))),
    delete: async (name) => void (await run('readwrite', (s) => s.delete(name))),
  };
}

let store: ImageStore = typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore(indexedDB);

/** Tests start from an empty cache. */
export function resetImageCache(): void {
  store = memoryStore();
}

/** The picture of an object, from the cache when it is fresh; null when the object has none. */
export async function getImage(objectId: string, now = Date.now()): Promise<Blob | null> {
  const cached = await store.get(objectId).catch(() => undefined);
  if (cached && now - cached.lastModified < MAX_AGE_MS) return cached.data;
  try {
    const data = await api.get<Blob>(`/api/v1/image/${encodeURIComponent(objectId)}`, undefined, {
      responseType: 'blob',
    });
    await store.put({ name: objectId, data, lastModified: now }).catch(() => {});
    return data;
  } catch (error) {
    if (isApiError(error, AppErrorCode.NotFound)) {
      await store.delete(objectId).catch(() => {});
      return null;
    }
    // Offline or failing: an old picture is better than none.
    if (cached) return cached.data;
    throw error;
  }
}

/**
 * Uploads the picture of an object; `onProgress` gets the share sent (0..1). SPEC 5: without an object id it
 * fails with 'objectId is null or not defined' and sends nothing.
 */
export async function uploadImage(
  objectId: string | null | undefined,
  file: Blob,
  onProgress?: (fraction: number) => void,
): Promise<void> {
  if (!objectId) throw new Error(NO_OBJECT_ID);
  const headers = await productHeaders();
  const form = new FormData();
  form.append('file', file);
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/image/${encodeURIComponent(objectId)}`);
    xhr.timeout = IMAGE_UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const fail = (message: string) =>
      reject(new ApiError({ statusCode: xhr.status, code: AppErrorCode.Internal, message }));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
        return;
      }
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      reject(new ApiError(toErrorBody(xhr.status, payload, 'The picture could not be uploaded.')));
    };
    xhr.onerror = () => fail('Could not reach Hosewright. Check your connection and try again.');
    xhr.ontimeout = () => fail('The upload took too long and was stopped. Try a smaller picture.');
    xhr.send(form);
  });
  await store.put({ name: objectId, data: file, lastModified: Date.now() }).catch(() => {});
}
