/** Cross-tenant fixtures of the work orders module (see fixtures.ts). Scaffold. */
import type { Fixture } from './fixtures.ts';

export const WORK_ORDER_FIXTURES: Record<string, Fixture> = {};
