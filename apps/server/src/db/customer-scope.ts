/**
 * A call that acts for one customer (API mode: a key bound to a customer, or the `apicustomerid` header).
 * The contract route runs its handler inside `actingForCustomer`; every tenant transaction opened in it sets
 * `app.customer_id`, and row-level security (`tenancy.ts`, policy `customer_scope`) then shows and accepts
 * only that customer, its items, assemblies and kits, whichever query runs.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

const scope = new AsyncLocalStorage<string>();

export function actingForCustomer<T>(customerId: string | undefined, fn: () => T): T {
  return customerId ? scope.run(customerId, fn) : fn();
}

/** The customer the current call acts for, if any. */
export function currentCustomerScope(): string | undefined {
  return scope.getStore();
}

/**
 * Runs `fn` seeing the whole organisation: for what must be unique across it (the next generated part
 * number, whether a part number is taken), never to answer with another customer's data.
 */
export async function acrossCustomers<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  const customerId = currentCustomerScope();
  if (!customerId) return fn();
  await tx.execute(sql`select set_config('app.customer_id', '', true)`);
  try {
    return await fn();
  } finally {
    await tx.execute(sql`select set_config('app.customer_id', ${customerId}, true)`);
  }
}
