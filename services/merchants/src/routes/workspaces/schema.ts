import { RoleSchema } from '@groupsplit/shared';
import { z } from 'zod';

/** GET /api/merchants/workspaces: every business the login belongs to. */
export const WorkspacesSchema = z
  .object({ workspaces: z.array(z.object({ merchant_id: z.string(), name: z.string(), role: RoleSchema })) })
  .meta({ id: 'Workspaces' });
