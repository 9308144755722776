import { z } from 'zod';

export const RefundSplitParams = z.object({ id: z.string() });
