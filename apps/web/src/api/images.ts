/**
 * Pictures of objects (`getImage` and `uploadImage` in the domain's `images/images.ts`): a picture is
 * fetched once and kept on the device under its object id with the time it was fetched; it is fetched again
 * when the entry is older than `IMAGE_CACHE_MAX_AGE_DAYS` or after this device uploads a new one. Uploads
 * report their progress (by XHR, which `fetch` cannot) and give up after `IMAGE_UPLOAD_TIMEOUT_MS`. The
 * cache is IndexedDB where the browser has it, else memory.
 */
import {
  AppErrorCode,
  getImage as getImageContract,
  IMAGE_CACHE_MAX_AGE_DAYS,
  IMAGE_UPLOAD_TIMEOUT_MS,
  NO_OBJECT_ID,
  pathOf,
  uploadImage as uploadImageContract,
} from '@hosewright/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, isApiError, productHeaders, toErrorBody } from '@/lib/api';
import { call } from './call';
import { invalidate, ROOT_KEYS } from './keys';

export interface ImageCacheEntry {
  /** The object id. */
  name: string;
  data: Blob;
  /** When this device fetched or uploaded it (ms since the epoch). */
  lastModified: number;
}

const MAX_AGE_MS = IMAGE_CACHE_MAX_AGE_DAYS * 86_400_000;

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
    const data = await call(getImageContract, { params: { objectId } });
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
 * Uploads the picture of an object; `onProgress` gets the share sent (0..1). Without an object id it fails
 * with the server's own message for that (`NO_OBJECT_ID`) and sends nothing.
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
    xhr.open(uploadImageContract.method, pathOf(uploadImageContract, { objectId }));
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

const root = ROOT_KEYS.images;
export const imageKeys = {
  all: root,
  item: (objectId: string) => [...root, objectId] as const,
};

/** The picture of an object, or null when it has none. */
export const imageQuery = (objectId: string) =>
  queryOptions({
    queryKey: imageKeys.item(objectId),
    queryFn: () => getImage(objectId),
    enabled: Boolean(objectId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * Uploads a new picture of `objectId`; `onProgress` gets the share sent (0..1). The records that say whether
 * they have a picture (the organisation's `hasLogo`, a kit revision's `hasPicture`) are read again too.
 */
export function useUploadImage(objectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: Blob; onProgress?: (fraction: number) => void }) =>
      uploadImage(objectId, file, onProgress),
    onSuccess: () => invalidate(client, ['images', 'organization', 'hoseKits']),
  });
}
