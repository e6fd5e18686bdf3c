import type { ImportTarget } from '../imports/targets.ts';

export const INVENTORY_TARGETS: readonly ImportTarget[] = [];
