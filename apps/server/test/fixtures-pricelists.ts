/** Contract example fixtures of price lists (filled in with the price lists module). */
import type { Fixture } from './fixtures.ts';

export const PRICE_LIST_FIXTURES: Record<string, Fixture> = {};
