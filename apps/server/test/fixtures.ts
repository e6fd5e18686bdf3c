/**
 * Objects the cross-tenant suite creates in organisation A, keyed by the route parameter name that takes
 * their id. A module that adds a route with a new `:param` adds its factory here; the suite fails and
 * names the parameter until it does.
 */
import type { TestApp, TestTenant } from './helpers.ts';

export type Fixture = (t: TestApp, owner: TestTenant) => Promise<string>;

export const FIXTURES: Record<string, Fixture> = {};
