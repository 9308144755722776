import { idField, RoleSchema, textField } from '@groupsplit/shared';
import { z } from 'zod';

/** GET /api/merchants/workspaces: every business the login belongs to. */
export const WorkspacesSchema = z
  .object({
    workspaces: z
      .array(
        z.object({
          merchant_id: idField('merchant', 'The business (send it as `x-service-merchant-id`).'),
          name: textField('Its trading name.', 'Picnic Supplies'),
          role: RoleSchema,
        }),
      )
      .meta({ description: 'Every business you belong to, with your role in it.' }),
  })
  .meta({ id: 'Workspaces', description: 'The businesses you belong to.' });
