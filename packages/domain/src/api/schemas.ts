/** Schemas every resource's contracts share: lists, ids, the error body, plain acknowledgements. */
import { z } from 'zod';
import { AppErrorCode } from '../errors.ts';

/** Every error answer, on every route (`AppError` on the server, `ApiError` on the web). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(Object.values(AppErrorCode) as [AppErrorCode, ...AppErrorCode[]]),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** Lists answer `{ items, total, page }`. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int() });
}

export const okSchema = z.object({ ok: z.literal(true) });

/** An id in the path; anything else is not found, with `notFound` as the message ("This hose ..."). */
export function idParam(notFound: string) {
  return z.uuid({ error: `${notFound} was not found` });
}
/** The id of an object to update, or `new` to create one. */
export function idOrNewParam(notFound: string) {
  return z.union([z.literal('new'), z.uuid()], { error: `${notFound} was not found` });
}

export const isoDateTimeSchema = z.string().meta({ format: 'date-time' });

/**
 * The paging and sorting of a list call, lenient the way a client expects: a page below 1 is page 1, a page
 * size above the maximum is the maximum, the order is case-insensitive and an unknown sort key sorts by the
 * default. `searchText` is the same free text as `q`.
 */
export function listQuery<S extends string, Shape extends z.ZodRawShape>(options: {
  sortFields: readonly [S, ...S[]];
  defaultSort: NoInfer<S>;
  defaultOrder?: 'asc' | 'desc';
  defaultItemsPerPage?: number;
  maxItemsPerPage?: number;
  /** The filters of this list. */
  filters: Shape;
}) {
  const { sortFields, defaultSort, defaultOrder = 'asc' } = options;
  const perPage = options.defaultItemsPerPage ?? 25;
  const max = options.maxItemsPerPage ?? 500;
  const sort = z
    .union([z.enum(sortFields), z.string()])
    .optional()
    .transform((v) => sortFields.find((f) => f.toLowerCase() === v?.toLowerCase()) ?? defaultSort)
    .meta({ description: `One of ${sortFields.join(', ')}; anything else sorts by ${defaultSort}` });
  const schema = z.object({
    page: pageParam,
    itemsPerPage: itemsPerPageParam(perPage, max),
    sort,
    order: orderParam(defaultOrder),
    q: freeText,
    searchText: freeText,
    ...options.filters,
  });
  type Output = Omit<z.output<typeof schema>, 'searchText'>;
  return schema.transform((value): Output => {
    const { searchText, ...rest } = value as { searchText?: string; q?: string };
    return { ...rest, q: rest.q ?? searchText } as unknown as Output;
  });
}

export const pageParam = z.coerce
  .number()
  .int()
  .catch(1)
  .transform((p) => Math.min(Math.max(p, 1), 100_000))
  .meta({ description: 'From 1; a page below 1 is page 1' });

export function itemsPerPageParam(fallback: number, max: number) {
  return z.coerce
    .number()
    .int()
    .catch(fallback)
    .transform((n) => Math.min(Math.max(n, 1), max))
    .meta({ description: `Default ${fallback}; more than ${max} is ${max}` });
}

export function orderParam(fallback: 'asc' | 'desc') {
  return z
    .string()
    .optional()
    .transform((v): 'asc' | 'desc' => {
      const order = v?.toLowerCase();
      return order === 'asc' || order === 'desc' ? order : fallback;
    })
    .meta({ description: `asc or desc (any case); default ${fallback}` });
}

const freeText = z
  .string()
  .trim()
  .max(100, { error: 'Search for at most 100 characters' })
  .optional()
  .transform((v) => v || undefined);
