/**
 * Customers and their items under `/api/v1` (ARCHITECTURE "API": lowercase paths like the spec's):
 *
 * - `GET  customers`: one page, sorted, free text over name, domain and account number, active filter.
 * - `GET  customer/{id}`; `POST customer/{id}/update` (`new` creates, within the plan's maxCustomers);
 *   `POST customer/{id}/delete` (admins).
 * - `GET  customer/{id}/items`; `POST customer/{id}/item/{itemId}/update` (`new` creates) and `/delete`.
 *
 * Regular members and admins create and edit (SPEC 2: /customers/new and /customer/{id}/edit are regular
 * or admin); only admins delete a customer (SPEC 6).
 */
import {
  customerInputSchema,
  customerItemInputSchema,
  customerItemListQuerySchema,
  customerListQuerySchema,
} from '@hosewright/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, parseOrThrow } from '../../lib/errors.ts';
import { ADMIN, MEMBER } from '../auth/access.ts';
import { type AuthContext, authOf, isUuid } from '../auth/plugin.ts';
import {
  createCustomer,
  deleteCustomer,
  deleteCustomerItem,
  findCustomerRow,
  listCustomerItems,
  listCustomers,
  saveCustomerItem,
  toCustomer,
  updateCustomer,
} from './service.ts';

const BASE = '/api/v1';

/** A route parameter that must be an id: anything else is simply not found (like another shop's id). */
function idOf(request: FastifyRequest, param: string, what: string): string {
  const id = (request.params as Record<string, string>)[param] ?? '';
  if (!isUuid(id)) throw AppError.notFound(what);
  return id;
}

function isNew(request: FastifyRequest, param: string): boolean {
  return (request.params as Record<string, string>)[param] === 'new';
}

export function registerCustomerRoutes(app: FastifyInstance, database: Database): void {
  const tenant = <T>(request: FastifyRequest, fn: (tx: Tx, auth: AuthContext) => Promise<T>) => {
    const auth = authOf(request);
    return database.withTenant(auth.organizationId, (tx) => fn(tx, auth));
  };

  app.get(`${BASE}/customers`, { config: { access: MEMBER } }, (request) => {
    const query = parseOrThrow(customerListQuerySchema, request.query);
    return tenant(request, (tx, auth) => listCustomers(tx, auth.organizationId, query));
  });

  app.get(`${BASE}/customer/:customerId`, { config: { access: MEMBER } }, (request) => {
    const id = idOf(request, 'customerId', 'This customer');
    return tenant(request, async (tx, auth) =>
      toCustomer(await findCustomerRow(tx, auth.organizationId, id)),
    );
  });

  app.post(`${BASE}/customer/:customerId/update`, { config: { access: MEMBER } }, (request) => {
    const creating = isNew(request, 'customerId');
    const id = creating ? null : idOf(request, 'customerId', 'This customer');
    const input = parseOrThrow(customerInputSchema, request.body);
    return tenant(request, (tx, auth) =>
      id === null
        ? createCustomer(tx, auth.organizationId, input)
        : updateCustomer(tx, auth.organizationId, id, input),
    );
  });

  app.post(`${BASE}/customer/:customerId/delete`, { config: { access: ADMIN } }, (request) => {
    const id = idOf(request, 'customerId', 'This customer');
    return tenant(request, async (tx, auth) => {
      await deleteCustomer(tx, auth.organizationId, id);
      return { ok: true };
    });
  });

  app.get(`${BASE}/customer/:customerId/items`, { config: { access: MEMBER } }, (request) => {
    const id = idOf(request, 'customerId', 'This customer');
    const query = parseOrThrow(customerItemListQuerySchema, request.query);
    return tenant(request, (tx, auth) => listCustomerItems(tx, auth.organizationId, id, query));
  });

  app.post(
    `${BASE}/customer/:customerId/item/:customerItemId/update`,
    { config: { access: MEMBER } },
    (request) => {
      const customerId = idOf(request, 'customerId', 'This customer');
      const itemId = isNew(request, 'customerItemId')
        ? null
        : idOf(request, 'customerItemId', 'This customer item');
      const input = parseOrThrow(customerItemInputSchema, request.body);
      return tenant(request, (tx, auth) =>
        saveCustomerItem(tx, auth.organizationId, customerId, itemId, input),
      );
    },
  );

  app.post(
    `${BASE}/customer/:customerId/item/:customerItemId/delete`,
    { config: { access: MEMBER } },
    (request) => {
      const customerId = idOf(request, 'customerId', 'This customer');
      const itemId = idOf(request, 'customerItemId', 'This customer item');
      return tenant(request, async (tx, auth) => {
        await deleteCustomerItem(tx, auth.organizationId, customerId, itemId);
        return { ok: true };
      });
    },
  );
}
