/**
 * The customers contracts (`CUSTOMERS_ENDPOINTS`): customers, and the part numbers each uses for our
 * assemblies, kits and components. Access is the contracts' (members edit, admins delete a customer).
 */
import {
  deleteCustomer as deleteCustomerEndpoint,
  deleteCustomerItem as deleteCustomerItemEndpoint,
  getCustomer,
  listCustomerItems as listCustomerItemsEndpoint,
  listCustomers as listCustomersEndpoint,
  updateCustomer as updateCustomerEndpoint,
  updateCustomerItem,
} from '@hosewright/domain';
import { type ContractRoute, implement } from '../../api/contract-route.ts';
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

export function customerRoutes(): ContractRoute[] {
  return [
    implement(listCustomersEndpoint).inTransaction(({ query }, { tx, organizationId }) =>
      listCustomers(tx, organizationId, query),
    ),

    implement(getCustomer).inTransaction(async ({ params }, { tx, organizationId }) =>
      toCustomer(await findCustomerRow(tx, organizationId, params.customerId)),
    ),

    implement(updateCustomerEndpoint).inTransaction(({ params, body }, { tx, organizationId }) =>
      params.customerId === 'new'
        ? createCustomer(tx, organizationId, body)
        : updateCustomer(tx, organizationId, params.customerId, body),
    ),

    implement(deleteCustomerEndpoint).inTransaction(async ({ params }, { tx, organizationId }) => {
      await deleteCustomer(tx, organizationId, params.customerId);
      return { ok: true };
    }),

    implement(listCustomerItemsEndpoint).inTransaction(({ params, query }, { tx, organizationId }) =>
      listCustomerItems(tx, organizationId, params.customerId, query),
    ),

    implement(updateCustomerItem).inTransaction(({ params, body }, { tx, organizationId }) =>
      saveCustomerItem(
        tx,
        organizationId,
        params.customerId,
        params.customerItemId === 'new' ? null : params.customerItemId,
        body,
      ),
    ),

    implement(deleteCustomerItemEndpoint).inTransaction(async ({ params }, { tx, organizationId }) => {
      await deleteCustomerItem(tx, organizationId, params.customerId, params.customerItemId);
      return { ok: true };
    }),
  ];
}
