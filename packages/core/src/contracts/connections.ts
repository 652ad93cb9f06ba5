import { z } from 'zod';

/** Connections to other systems (docs/api.md "Connections, minimum"). */

const uid = z.string().min(1).max(200);

const fields = {
  name: z.string().trim().max(200).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  testMode: z.boolean().optional(),
  syncPeriod: z.number().int().min(0).max(525_600).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
  syncEmailOnly: z.boolean().optional(),
  isPaused: z.boolean().optional(),
  selectedPipeline: uid.nullable().optional(),
  usedInPipelines: z.array(uid).max(500).optional(),
  usedInTagSets: z.array(uid).max(500).optional(),
};
const system = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'Enter a system key such as webhooks or gohighlevel');

export const connectionCreateBody = z.strictObject({ system, ...fields });
export const connectionPatchBody = z.strictObject({ system: system.optional(), ...fields });

export const connectionSchema = z.object({
  connectionUID: z.string(),
  system: z.string(),
  name: z.string(),
  status: z.string(),
  testMode: z.boolean(),
  /** Minutes between syncs. */
  syncPeriod: z.number().int(),
  options: z.record(z.string(), z.unknown()),
  syncEmailOnly: z.boolean(),
  isPaused: z.boolean(),
  selectedPipeline: z.string().nullable(),
  usedInPipelines: z.array(z.string()),
  usedInTagSets: z.array(z.string()),
});
export type ConnectionView = z.infer<typeof connectionSchema>;

export const connectionsAnswer = z.object({ connections: z.array(connectionSchema) });
export const connectionAnswer = z.object({ connection: connectionSchema });
export const connectionDeletedAnswer = z.object({ deleted: z.literal(true) });
