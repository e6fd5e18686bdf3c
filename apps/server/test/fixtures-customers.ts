/** Cross-tenant fixtures of the customers module (see fixtures.ts). */
import type { Fixture } from './fixtures.ts';

export const CUSTOMER_FIXTURES: Record<string, Fixture> = {};
