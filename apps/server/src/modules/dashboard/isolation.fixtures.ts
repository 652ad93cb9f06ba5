import type { Fixture } from '../../test/isolation';

/** Tenant-isolation fixtures of the dashboard routes (src/tenant-isolation.test.ts). */
export const FIXTURES: Record<string, Fixture> = {
  'GET /api/teams/:teamUID/dashboard/home': { seed: async () => ({}) },
};
