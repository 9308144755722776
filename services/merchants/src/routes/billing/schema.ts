import { z } from 'zod';

export const SaveBillingCardSchema = z.object({
  payment_method: z
    .string({ error: 'Send payment_method: the id of a card payment method (for example pm_card_visa in test mode)' })
    .trim()
    .min(1, 'Send payment_method: the id of a card payment method')
    .max(255, 'payment_method is too long'),
});
