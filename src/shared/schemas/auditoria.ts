import { z } from '../zod';
import { cleanText } from '../text';
import { idParam, pageParam } from './common';

export const auditRecord = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

export const auditQuery = z.object({
  entity: cleanText().trim().max(50).optional(),
  // Entity ids are numbers or UUIDs, stored lower-case: an upper-case UUID names the same record.
  entity_id: cleanText().trim().max(64).toLowerCase().optional(),
  actor_id: idParam.optional(),
  page: pageParam,
});
export type AuditQuery = z.infer<typeof auditQuery>;
