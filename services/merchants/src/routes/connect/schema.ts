import { PROCESSOR_MODES, type ProcessorMode } from '@groupsplit/shared';
import { z } from 'zod';

/** Body of the internal account sync call checkout makes when an account.updated event arrives. */
export const AccountSyncSchema = z.object({
  mode: z.enum(PROCESSOR_MODES as [ProcessorMode, ...ProcessorMode[]]),
  account_id: z.string().min(1).max(255),
  event_id: z.string().max(255).optional(),
});

/** POST /api/merchants/connect and /connect/refresh: a one-shot onboarding link. */
export const OnboardingLinkSchema = z
  .object({
    url: z.string().meta({
      description: 'One-shot processor onboarding link; expires in about five minutes.',
      format: 'uri',
      example: 'https://connect.processor.example/setup/s/acct_1QabcDEF456ghi/Xk29Wq',
    }),
  })
  .meta({ id: 'OnboardingLink' });
