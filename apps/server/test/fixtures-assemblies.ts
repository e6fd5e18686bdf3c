/** Cross-tenant fixtures of the assemblies module (see fixtures.ts). */
import type { Fixture } from './fixtures.ts';

export const ASSEMBLY_FIXTURES: Record<string, Fixture> = {};
