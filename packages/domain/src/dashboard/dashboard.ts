/** The dashboard: the organisation, its plan and the counts of what exists (`counts` grows as features land). */
import { z } from 'zod';
import { endpoint, MEMBER } from '../api/endpoint.ts';
import { tierSchema } from '../session/session.ts';

export const dashboardSchema = z.object({
  organization: z.object({ _id: z.string(), name: z.string() }),
  subscription: z.object({
    subscriptionType: tierSchema,
    expires: z.string(),
    maxCustomers: z.number().int(),
    maxHoseAssemblies: z.number().int(),
    maxHoseKits: z.number().int(),
  }),
  counts: z.record(z.string(), z.number().int()),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const getDashboard = endpoint({
  name: 'getDashboard',
  method: 'GET',
  path: '/api/v1/dashboard',
  tag: 'Dashboard',
  summary: 'The organisation, its plan and how much of it is used',
  access: MEMBER,
  response: dashboardSchema,
  example: {},
});

export const DASHBOARD_ENDPOINTS = [getDashboard];
