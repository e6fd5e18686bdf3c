/**
 * Customers (the contracts in the domain's `customers/contracts.ts`): the list (the customers page, and every
 * customer picker), one customer, its part numbers, and the changes.
 */
import {
  type CustomerInput,
  type CustomerItemInput,
  deleteCustomer,
  deleteCustomerItem,
  getCustomer,
  listCustomerItems,
  listCustomers,
  updateCustomer,
  updateCustomerItem,
} from '@hosewright/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type Input } from './call';
import { COUNTED_AND_SEARCHED, invalidate, type Resource, ROOT_KEYS } from './keys';

export type CustomerListQuery = NonNullable<Input<typeof listCustomers>['query']>;

const root = ROOT_KEYS.customers;
export const customerKeys = {
  all: root,
  list: (query: CustomerListQuery) => [...root, 'list', query] as const,
  item: (id: string) => [...root, 'item', id] as const,
  items: (customerId: string) => [...root, 'item', customerId, 'items'] as const,
};

/** Assemblies and kits show their customer's name; a customer is counted and searched. */
const CHANGES: readonly Resource[] = ['customers', 'hoseAssemblies', 'hoseKits', ...COUNTED_AND_SEARCHED];

export const customerListQuery = (query: CustomerListQuery) =>
  queryOptions({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => call(listCustomers, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The active customers whose name, domain or account number holds `text`, for a picker. */
export const customerSearchQuery = (text: string) =>
  queryOptions({
    ...customerListQuery({ q: text.trim() || undefined, itemsPerPage: '20', active: 'true' }),
    select: (page) => page.items,
  });

export const customerQuery = (id: string) =>
  queryOptions({
    queryKey: customerKeys.item(id),
    queryFn: ({ signal }) => call(getCustomer, { params: { customerId: id } }, { signal }),
    enabled: id !== '',
  });

/** The customer's own part numbers (up to 500, by their part number). */
export const customerItemsQuery = (customerId: string) =>
  queryOptions({
    queryKey: customerKeys.items(customerId),
    queryFn: ({ signal }) =>
      call(listCustomerItems, { params: { customerId }, query: { itemsPerPage: 500 } }, { signal }),
  });

/** `new` creates, within the plan's customer limit. */
export function useSaveCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CustomerInput }) =>
      call(updateCustomer, { params: { customerId: id }, body: input }),
    onSuccess: (saved) => {
      client.setQueryData(customerKeys.item(saved._id), saved);
      void invalidate(client, CHANGES);
    },
  });
}

/** The customer and its part numbers go; its assemblies and kits stay, without a customer. */
export function useDeleteCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteCustomer, { params: { customerId: id } }),
    onSuccess: (_ok, id) => {
      client.removeQueries({ queryKey: customerKeys.item(id) });
      void invalidate(client, CHANGES);
    },
  });
}

export interface SaveCustomerItemVariables {
  customerId: string;
  /** 'new' creates. */
  itemId: string;
  input: CustomerItemInput;
}

export function useSaveCustomerItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, itemId, input }: SaveCustomerItemVariables) =>
      call(updateCustomerItem, { params: { customerId, customerItemId: itemId }, body: input }),
    onSuccess: () => invalidate(client, ['customers']),
  });
}

export function useDeleteCustomerItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, itemId }: { customerId: string; itemId: string }) =>
      call(deleteCustomerItem, { params: { customerId, customerItemId: itemId } }),
    onSuccess: () => invalidate(client, ['customers']),
  });
}
