import type { ImportTarget } from '../imports/targets.ts';

export const WAREHOUSE_TARGETS: readonly ImportTarget[] = [];
