/** Contract example fixtures of sales estimates (filled in with the estimates module). */
import type { Fixture } from './fixtures.ts';

export const ESTIMATE_FIXTURES: Record<string, Fixture> = {};
