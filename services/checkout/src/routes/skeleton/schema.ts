import { z } from 'zod';

export const PingSchema = z.object({ message: z.string().min(1).max(200).default('ping') });
