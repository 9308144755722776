import { z } from 'zod';

export const RemindParams = z.object({ token: z.string().min(1).max(200) });
