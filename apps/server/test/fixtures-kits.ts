/** Cross-tenant fixtures of the kits module (see fixtures.ts). */
import type { Fixture } from './fixtures.ts';

export const KIT_FIXTURES: Record<string, Fixture> = {};
