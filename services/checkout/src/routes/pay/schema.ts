import { z } from 'zod';

export const PayTokenParams = z.object({ token: z.string().min(1).max(200) });

/** POST /api/checkout-splits/pay/:token/authorise: a processor payment method id, e.g. `pm_card_visa` in test mode. */
export const AuthoriseShareSchema = z.object({
  payment_method: z.string().min(1).max(255),
});

/** The pay page's own form post (test mode: the chosen test card). */
export const PayFormSchema = z.object({
  payment_method: z.string().min(1).max(255),
});
