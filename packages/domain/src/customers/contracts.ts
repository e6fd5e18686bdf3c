/**
 * Customers and the part numbers they use for our things. Regular members and admins create and edit; only
 * an admin deletes a customer (its items go with it, its assemblies and kits stay without a customer).
 */
import { z } from 'zod';
import { ADMIN, endpoint, MEMBER } from '../api/endpoint.ts';
import { idOrNewParam, idParam, listResponse, okSchema } from '../api/schemas.ts';
import { AppErrorCode } from '../errors.ts';
import {
  customerInputSchema,
  customerItemInputSchema,
  customerItemListQuerySchema,
  customerItemSchema,
  customerListQuerySchema,
  customerSchema,
} from './customers.ts';

const TAG = 'Customers';
const CUSTOMER = 'This customer';
const customerParams = z.object({ customerId: idParam(CUSTOMER) });

export const listCustomers = endpoint({
  name: 'listCustomers',
  method: 'GET',
  path: '/api/v1/customers',
  tag: TAG,
  summary: 'One page of customers, sorted, searched by name, domain or account number',
  access: MEMBER,
  query: customerListQuerySchema,
  response: listResponse(customerSchema),
  example: { query: { page: 1, itemsPerPage: 25, sort: 'name', order: 'asc', q: 'farms', active: 'true' } },
});

export const getCustomer = endpoint({
  name: 'getCustomer',
  method: 'GET',
  path: '/api/v1/customer/:customerId',
  tag: TAG,
  summary: 'One customer with its contacts, addresses and pricing terms',
  access: MEMBER,
  params: customerParams,
  response: customerSchema,
  example: (ref) => ({ params: { customerId: ref('customerId') } }),
});

/** `new` creates a customer within the plan's `maxCustomers`; an account number belongs to one customer. */
export const updateCustomer = endpoint({
  name: 'updateCustomer',
  method: 'POST',
  path: '/api/v1/customer/:customerId/update',
  tag: TAG,
  summary: 'Create (customerId new) or change a customer',
  access: MEMBER,
  params: z.object({ customerId: idOrNewParam(CUSTOMER) }),
  body: customerInputSchema,
  response: customerSchema,
  errors: [AppErrorCode.Conflict, AppErrorCode.LimitReached],
  example: (ref) => ({
    params: { customerId: ref('customerId') },
    body: {
      name: 'Red Deer Excavating',
      domain: 'reddeerex.ca',
      contacts: [{ name: 'Pat Buyer', role: 'Purchasing', email: 'pat@reddeerex.ca', phone: '403-555-0100' }],
      billingAddress: { line1: '1 Main St', city: 'Red Deer', region: 'AB', postalCode: 'T4N 1A1' },
      currency: 'CAD',
      marginPct: 35,
      discountPct: 5,
      productGroupTerms: [{ productGroup: 'Hose', marginPct: 40 }],
    },
  }),
});

export const deleteCustomer = endpoint({
  name: 'deleteCustomer',
  method: 'POST',
  path: '/api/v1/customer/:customerId/delete',
  tag: TAG,
  summary: 'Delete a customer and its items (admins)',
  access: ADMIN,
  params: customerParams,
  response: okSchema,
  example: (ref) => ({ params: { customerId: ref('customerId') } }),
});

export const listCustomerItems = endpoint({
  name: 'listCustomerItems',
  method: 'GET',
  path: '/api/v1/customer/:customerId/items',
  tag: TAG,
  summary: "One page of a customer's part numbers, each with our item it stands for",
  access: MEMBER,
  params: customerParams,
  query: customerItemListQuerySchema,
  response: listResponse(customerItemSchema),
  example: (ref) => ({ params: { customerId: ref('customerId') }, query: { page: 1, itemsPerPage: 100 } }),
});

/** `new` creates; our item is named by id or by our part number, and must be this organisation's. */
export const updateCustomerItem = endpoint({
  name: 'updateCustomerItem',
  method: 'POST',
  path: '/api/v1/customer/:customerId/item/:customerItemId/update',
  tag: TAG,
  summary: "Create (customerItemId new) or change one of a customer's part numbers",
  access: MEMBER,
  params: z.object({
    customerId: idParam(CUSTOMER),
    customerItemId: idOrNewParam('This customer item'),
  }),
  body: customerItemInputSchema,
  response: customerItemSchema,
  errors: [AppErrorCode.Conflict],
  example: (ref) => ({
    params: { customerId: ref('customerId'), customerItemId: ref('customerItemId') },
    body: { customerPartNumber: 'RDX-HOSE-8', targetType: 'component', targetId: ref('hoseId'), price: 42.5 },
  }),
});

export const deleteCustomerItem = endpoint({
  name: 'deleteCustomerItem',
  method: 'POST',
  path: '/api/v1/customer/:customerId/item/:customerItemId/delete',
  tag: TAG,
  summary: "Delete one of a customer's part numbers",
  access: MEMBER,
  params: z.object({
    customerId: idParam(CUSTOMER),
    customerItemId: idParam('This customer item'),
  }),
  response: okSchema,
  example: (ref) => ({
    params: { customerId: ref('customerId'), customerItemId: ref('customerItemId') },
  }),
});

export const CUSTOMERS_ENDPOINTS = [
  listCustomers,
  getCustomer,
  updateCustomer,
  deleteCustomer,
  listCustomerItems,
  updateCustomerItem,
  deleteCustomerItem,
];
