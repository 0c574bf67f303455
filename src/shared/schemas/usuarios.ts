import { z } from '../zod';

export const userRecord = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  clientes: z.array(z.string()),
});
export type UserRecord = z.infer<typeof userRecord>;
