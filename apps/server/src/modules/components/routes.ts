/**
 * The component library under `/api/v1/organization` (SPEC 7): the list GETs of every kind, detail,
 * `/{kind}/{id}/update` (id `new` creates), compatibility, coupling series, crimp specs, lookups,
 * settings, sample data and pending items. Members read; admins write (SPEC 6).
 */
import {
  COMPONENT_KIND_INFO,
  COMPONENT_KINDS,
  type ComponentKind,
  componentListQuerySchema,
  couplingSeriesInputSchema,
  crimpSpecInputSchema,
  isComponentKind,
  LOOKUP_LISTS,
  lookupUpdateSchema,
  nextPartNumber,
  pendingReviewSchema,
  WRAP_COVERAGE,
  WRAP_STYLES,
} from '@hosewright/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database, Tx } from '../../db/client.ts';
import {
  components,
  couplingSeries,
  crimpSpecs,
  organizationLookups,
  organizationSettings,
  organizations,
} from '../../db/schema.ts';
import { AppError, parseOrThrow } from '../../lib/errors.ts';
import { TenantCache } from '../../lib/tenant-cache.ts';
import { ADMIN, MEMBER } from '../auth/access.ts';
import { type AuthContext, authOf, isUuid } from '../auth/plugin.ts';
import { getSettings } from '../organization/service.ts';
import { approvePendingItem, listPendingItems, rejectPendingItem, submitPendingItem } from './pending.ts';
import { countSampleData, loadSampleData, removeSampleData } from './sample-data.ts';
import {
  createComponent,
  deleteComponent,
  findCompatibleParts,
  findComponentRow,
  listComponents,
  parseComponentInput,
  toComponent,
  updateComponent,
} from './service.ts';

const BASE = '/api/v1/organization';

/**
 * The id in the URL (each route has one, named for its object: `:hoseId`, `:pendingItemId`, ...).
 * Anything that is not a uuid is simply not found, the same answer as another organisation's id.
 */
function idParam(request: FastifyRequest, what: string): string {
  const id = Object.values(request.params as Record<string, string>)[0] ?? '';
  if (!isUuid(id)) throw AppError.notFound(what);
  return id;
}

export function componentRoutes(app: FastifyInstance, database: Database): void {
  const tenant = <T>(request: FastifyRequest, fn: (tx: Tx, auth: AuthContext) => Promise<T>) => {
    const auth = authOf(request);
    return database.withTenant(auth.organizationId, (tx) => fn(tx, auth));
  };

  app.get(`${BASE}/itemtypes`, { config: { access: MEMBER } }, async () =>
    COMPONENT_KINDS.map((kind) => {
      const info = COMPONENT_KIND_INFO[kind];
      return { kind, slug: info.slug, label: info.label, pluralLabel: info.pluralLabel };
    }),
  );

  // The list GETs: `hoses` (every origin) and `customhoses` (the shop's own) for each kind. The builder
  // and the grids ask the same pages again and again: answers are cached per organisation as JSON until
  // its components or settings change (ADR 0005).
  const lists = new TenantCache<Buffer>();
  const unsubscribe = database.onChange((payload) => lists.onChange(payload));
  app.addHook('onClose', async () => unsubscribe());
  for (const kind of COMPONENT_KINDS) {
    const info = COMPONENT_KIND_INFO[kind];
    const paths = new Set([info.listPath, info.customListPath]);
    for (const path of paths) {
      const customOnly = path === info.customListPath;
      app.get(`${BASE}/${path}`, { config: { access: MEMBER } }, async (request, reply) => {
        const { organizationId } = authOf(request);
        // The raw URL is the key: only a query that parsed is ever stored under it.
        let json = lists.get(organizationId, request.url);
        if (json === undefined) {
          const query = parseOrThrow(componentListQuerySchema, request.query);
          const generation = lists.generation(organizationId);
          const page = await tenant(request, (tx) =>
            listComponents(tx, organizationId, query, { kind, origin: customOnly ? 'custom' : undefined }),
          );
          // Kept as bytes: a cached answer is not encoded again for every request.
          json = Buffer.from(JSON.stringify(page));
          lists.set(organizationId, request.url, json, generation);
        }
        return reply.type('application/json; charset=utf-8').send(json);
      });
    }
  }

  app.get(`${BASE}/items`, { config: { access: MEMBER } }, (request) => {
    const { kind, ...rest } = request.query as Record<string, unknown>;
    if (kind !== undefined && !isComponentKind(kind)) {
      throw new AppError('BAD_REQUEST', `kind must be one of ${COMPONENT_KINDS.join(', ')}`);
    }
    const query = parseOrThrow(componentListQuerySchema, rest);
    return tenant(request, (tx, auth) =>
      listComponents(tx, auth.organizationId, query, { kind: kind as ComponentKind | undefined }),
    );
  });

  // Detail, update (id `new` creates) and delete for each kind, plus the generic `item`.
  const kinds: { slug: string; param: string; kind?: ComponentKind }[] = [
    ...COMPONENT_KINDS.map((kind) => ({ slug: COMPONENT_KIND_INFO[kind].slug, param: `${kind}Id`, kind })),
    { slug: 'item', param: 'itemId' },
  ];
  for (const { slug, param, kind } of kinds) {
    app.get(`${BASE}/${slug}/:${param}`, { config: { access: MEMBER } }, (request) => {
      const id = idParam(request, 'This item');
      return tenant(request, async (tx, auth) =>
        toComponent(await findComponentRow(tx, auth.organizationId, id, kind)),
      );
    });

    app.post(`${BASE}/${slug}/:${param}/update`, { config: { access: ADMIN } }, (request) => {
      const rawId = Object.values(request.params as Record<string, string>)[0];
      const body = (request.body ?? {}) as Record<string, unknown>;
      const bodyKind = kind ?? body.kind;
      if (!isComponentKind(bodyKind)) {
        throw new AppError('BAD_REQUEST', `kind must be one of ${COMPONENT_KINDS.join(', ')}`);
      }
      const input = parseComponentInput(bodyKind, body);
      if (rawId === 'new') {
        return tenant(request, (tx, auth) => createComponent(tx, auth.organizationId, input));
      }
      const id = idParam(request, 'This item');
      return tenant(request, (tx, auth) => updateComponent(tx, auth.organizationId, id, input));
    });

    app.post(`${BASE}/${slug}/:${param}/delete`, { config: { access: ADMIN } }, (request) => {
      const id = idParam(request, 'This item');
      return tenant(request, async (tx, auth) => {
        await deleteComponent(tx, auth.organizationId, id, kind);
        return { ok: true };
      });
    });
  }

  // Which fittings and ferrules fit this hose (DOMAIN.md rule 1), with the reason for each exclusion.
  app.get(`${BASE}/hose/:hoseId/compatible`, { config: { access: MEMBER } }, (request) => {
    const id = idParam(request, 'This hose');
    return tenant(request, (tx, auth) => findCompatibleParts(tx, auth.organizationId, id));
  });

  // The compatible fittings for a hose (`hoseId`), each with the ferrule it takes.
  app.get(`${BASE}/crimpfittingswithferrules`, { config: { access: MEMBER } }, (request) => {
    const { hoseId } = parseOrThrow(
      z.object({ hoseId: z.uuid('Choose a hose (hoseId)') }),
      request.query ?? {},
    );
    return tenant(request, async (tx, auth) => {
      const match = await findCompatibleParts(tx, auth.organizationId, hoseId);
      const items = match.fittings
        .filter((f) => f.compatible)
        .map((f) => ({ ...f.item, ferrule: f.ferrule, maxWorkingPressurePsi: f.maxWorkingPressurePsi }));
      return { items, total: items.length, page: 1 };
    });
  });

  // The ferrule auto-chosen for a hose and a two-piece fitting (null for one-piece or none).
  app.get(`${BASE}/ferrule`, { config: { access: MEMBER } }, (request) => {
    const { hoseId, crimpFittingId } = parseOrThrow(
      z.object({
        hoseId: z.uuid('Choose a hose (hoseId)'),
        crimpFittingId: z.uuid('Choose a fitting (crimpFittingId)'),
      }),
      request.query ?? {},
    );
    return tenant(request, async (tx, auth) => {
      await findComponentRow(tx, auth.organizationId, crimpFittingId, 'crimpFitting');
      const match = await findCompatibleParts(tx, auth.organizationId, hoseId);
      const fitting = match.fittings.find((f) => f.item._id === crimpFittingId);
      return { ferrule: fitting?.ferrule ?? null, exclusions: fitting?.exclusions ?? [] };
    });
  });

  // Coupling series.
  const toSeries = (s: typeof couplingSeries.$inferSelect) => ({
    _id: s.id,
    code: s.code,
    brand: s.brand,
    description: s.description,
    skive: s.skive,
    origin: s.origin,
  });
  app.get(`${BASE}/couplingseries`, { config: { access: MEMBER } }, (request) =>
    tenant(request, async (tx, auth) => {
      const rows = await tx
        .select()
        .from(couplingSeries)
        .where(eq(couplingSeries.organizationId, auth.organizationId))
        .orderBy(asc(couplingSeries.brand), asc(couplingSeries.code));
      return { items: rows.map(toSeries), total: rows.length, page: 1 };
    }),
  );
  app.get(`${BASE}/couplingseriesdetails`, { config: { access: MEMBER } }, (request) =>
    tenant(request, async (tx, auth) => {
      const rows = await tx
        .select()
        .from(couplingSeries)
        .where(eq(couplingSeries.organizationId, auth.organizationId))
        .orderBy(asc(couplingSeries.brand), asc(couplingSeries.code));
      const counts = await tx
        .select({
          brand: sql<string>`lower(${components.brand})`,
          series: sql<string>`lower(${components.series})`,
          kind: components.kind,
          n: sql<number>`count(*)::int`,
        })
        .from(components)
        .where(
          and(
            eq(components.organizationId, auth.organizationId),
            inArray(components.kind, ['hose', 'crimpFitting', 'ferrule']),
          ),
        )
        .groupBy(sql`lower(${components.brand})`, sql`lower(${components.series})`, components.kind);
      const n = (s: typeof couplingSeries.$inferSelect, kind: string) =>
        counts.find(
          (c) => c.brand === s.brand.toLowerCase() && c.series === s.code.toLowerCase() && c.kind === kind,
        )?.n ?? 0;
      return rows.map((s) => ({
        ...toSeries(s),
        hoses: n(s, 'hose'),
        crimpFittings: n(s, 'crimpFitting'),
        ferrules: n(s, 'ferrule'),
      }));
    }),
  );
  app.post(`${BASE}/couplingseries/:couplingSeriesId/update`, { config: { access: ADMIN } }, (request) => {
    const input = parseOrThrow(couplingSeriesInputSchema, request.body ?? {});
    const rawId = Object.values(request.params as Record<string, string>)[0];
    return tenant(request, async (tx, auth) => {
      const [clash] = await tx
        .select({ id: couplingSeries.id })
        .from(couplingSeries)
        .where(
          and(
            eq(couplingSeries.organizationId, auth.organizationId),
            sql`lower(${couplingSeries.brand}) = ${input.brand.toLowerCase()}`,
            sql`lower(${couplingSeries.code}) = ${input.code.toLowerCase()}`,
          ),
        );
      if (rawId === 'new') {
        if (clash) throw new AppError('CONFLICT', `Series ${input.code} already exists`);
        const [row] = await tx
          .insert(couplingSeries)
          .values({ ...input, organizationId: auth.organizationId, origin: 'custom' })
          .returning();
        return toSeries(row as typeof couplingSeries.$inferSelect);
      }
      const id = idParam(request, 'This coupling series');
      if (clash && clash.id !== id) throw new AppError('CONFLICT', `Series ${input.code} already exists`);
      const [existing] = await tx
        .select()
        .from(couplingSeries)
        .where(and(eq(couplingSeries.organizationId, auth.organizationId), eq(couplingSeries.id, id)));
      if (!existing) throw AppError.notFound('This coupling series');
      if (existing.origin === 'catalogue') {
        throw new AppError('BAD_REQUEST', `Series ${existing.code} is catalogue data and cannot be changed`);
      }
      const [row] = await tx.update(couplingSeries).set(input).where(eq(couplingSeries.id, id)).returning();
      return toSeries(row as typeof couplingSeries.$inferSelect);
    });
  });

  // Crimp specs per hose + fitting series.
  const toSpec = (s: typeof crimpSpecs.$inferSelect, hosePartNumber: string) => ({
    _id: s.id,
    hoseId: s.hoseId,
    hosePartNumber,
    fittingSeries: s.fittingSeries,
    crimpOdMm: s.crimpOdMm,
    toleranceMm: s.toleranceMm,
    die: s.die,
    revision: s.revision,
    createdAt: s.createdAt.toISOString(),
  });
  app.get(`${BASE}/hose/:hoseId/crimpspecs`, { config: { access: MEMBER } }, (request) => {
    const id = idParam(request, 'This hose');
    return tenant(request, async (tx, auth) => {
      const hose = await findComponentRow(tx, auth.organizationId, id, 'hose');
      const rows = await tx
        .select()
        .from(crimpSpecs)
        .where(and(eq(crimpSpecs.organizationId, auth.organizationId), eq(crimpSpecs.hoseId, id)))
        .orderBy(asc(crimpSpecs.fittingSeries), asc(crimpSpecs.revision));
      return rows.map((r) => toSpec(r, hose.partNumber));
    });
  });
  app.post(`${BASE}/crimpspec/:crimpSpecId/update`, { config: { access: ADMIN } }, (request) => {
    const input = parseOrThrow(crimpSpecInputSchema, request.body ?? {});
    const rawId = Object.values(request.params as Record<string, string>)[0];
    return tenant(request, async (tx, auth) => {
      const hose = await findComponentRow(tx, auth.organizationId, input.hoseId, 'hose');
      if (rawId === 'new') {
        const [row] = await tx
          .insert(crimpSpecs)
          .values({ ...input, organizationId: auth.organizationId })
          .onConflictDoNothing()
          .returning();
        if (!row) {
          throw new AppError(
            'CONFLICT',
            `Revision ${input.revision} of the ${input.fittingSeries} crimp spec already exists; use a new revision`,
          );
        }
        return toSpec(row, hose.partNumber);
      }
      const id = idParam(request, 'This crimp spec');
      const [row] = await tx
        .update(crimpSpecs)
        .set(input)
        .where(and(eq(crimpSpecs.organizationId, auth.organizationId), eq(crimpSpecs.id, id)))
        .returning();
      if (!row) throw AppError.notFound('This crimp spec');
      return toSpec(row, hose.partNumber);
    });
  });

  app.get(`${BASE}/wrapstyles`, { config: { access: MEMBER } }, async () => [...WRAP_STYLES]);
  app.get(`${BASE}/wrapcoverage`, { config: { access: MEMBER } }, async () => [...WRAP_COVERAGE]);

  // Product groups, suppliers, locations: whole-list replacement by admins.
  const LOOKUP_NAMES = {
    productgroups: 'productGroup',
    suppliers: 'supplier',
    locations: 'location',
  } as const;
  for (const list of LOOKUP_LISTS) {
    const name = LOOKUP_NAMES[list];
    const read = (tx: Tx, organizationId: string) =>
      tx
        .select({ code: organizationLookups.code, name: organizationLookups.name })
        .from(organizationLookups)
        .where(
          and(eq(organizationLookups.organizationId, organizationId), eq(organizationLookups.list, name)),
        )
        .orderBy(asc(organizationLookups.position));
    app.get(`${BASE}/${list}`, { config: { access: MEMBER } }, (request) =>
      tenant(request, (tx, auth) => read(tx, auth.organizationId)),
    );
    app.post(`${BASE}/${list}/update`, { config: { access: ADMIN } }, (request) => {
      const { items } = parseOrThrow(lookupUpdateSchema, request.body ?? {});
      return tenant(request, async (tx, auth) => {
        await tx
          .delete(organizationLookups)
          .where(
            and(
              eq(organizationLookups.organizationId, auth.organizationId),
              eq(organizationLookups.list, name),
            ),
          );
        if (items.length) {
          await tx.insert(organizationLookups).values(
            items.map((item, position) => ({
              ...item,
              position,
              list: name,
              organizationId: auth.organizationId,
            })),
          );
        }
        return read(tx, auth.organizationId);
      });
    });
  }

  app.get(`${BASE}/nextpartnumber`, { config: { access: MEMBER } }, (request) =>
    tenant(request, async (tx, auth) => {
      const { partNumberPattern: pattern } = await getSettings(tx, auth.organizationId);
      const prefix = pattern.slice(0, pattern.indexOf('{'));
      const rows = await tx
        .select({ partNumber: components.partNumber })
        .from(components)
        .where(
          and(
            eq(components.organizationId, auth.organizationId),
            eq(components.origin, 'custom'),
            sql`lower(${components.partNumber}) like ${`${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
          ),
        );
      return {
        partNumber: nextPartNumber(
          pattern,
          rows.map((r) => r.partNumber),
        ),
        pattern,
      };
    }),
  );

  // Sample data: the GEN demo catalogue, offered to every organisation and removable in one go.
  app.get(`${BASE}/sampledata`, { config: { access: MEMBER } }, (request) =>
    tenant(request, async (tx, auth) => {
      const count = await countSampleData(tx, auth.organizationId);
      return { loaded: count > 0, count };
    }),
  );
  app.post(`${BASE}/sampledata/load`, { config: { access: ADMIN } }, (request) =>
    tenant(request, async (tx, auth) => {
      const count = await loadSampleData(tx, auth.organizationId);
      return { loaded: count > 0, count };
    }),
  );
  app.post(`${BASE}/sampledata/delete`, { config: { access: ADMIN } }, (request) =>
    tenant(request, async (tx, auth) => {
      await removeSampleData(tx, auth.organizationId);
      return { loaded: false, count: 0 };
    }),
  );

  // Pending items: members propose, admins approve (the item becomes custom) or reject.
  app.get(`${BASE}/pendingitems`, { config: { access: MEMBER } }, (request) => {
    const { status } = parseOrThrow(
      z.object({ status: z.enum(['pending', 'approved', 'rejected']).optional() }),
      request.query ?? {},
    );
    return tenant(request, (tx, auth) => listPendingItems(tx, auth, status));
  });
  app.post(`${BASE}/pendingitems/create`, { config: { access: MEMBER } }, (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!isComponentKind(body.kind)) {
      throw new AppError('BAD_REQUEST', `kind must be one of ${COMPONENT_KINDS.join(', ')}`);
    }
    const input = parseComponentInput(body.kind, body);
    return tenant(request, (tx, auth) => submitPendingItem(tx, auth, input));
  });
  app.post(`${BASE}/pendingitem/:pendingItemId/approve`, { config: { access: ADMIN } }, (request) => {
    const id = idParam(request, 'This pending item');
    const { note } = parseOrThrow(pendingReviewSchema, request.body ?? {});
    return tenant(request, (tx, auth) => approvePendingItem(tx, auth, id, note));
  });
  app.post(`${BASE}/pendingitem/:pendingItemId/reject`, { config: { access: ADMIN } }, (request) => {
    const id = idParam(request, 'This pending item');
    const { note } = parseOrThrow(pendingReviewSchema, request.body ?? {});
    return tenant(request, (tx, auth) => rejectPendingItem(tx, auth, id, note));
  });
}
