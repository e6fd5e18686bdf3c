/** Cross-tenant fixtures of the inventory module (see fixtures.ts). */
import type { Fixture } from './fixtures.ts';

export const INVENTORY_FIXTURES: Record<string, Fixture> = {};
