import { z } from 'zod';

export const SplitIdParams = z.object({ id: z.uuid() });
