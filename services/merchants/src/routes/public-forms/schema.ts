import { TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';

const optionalText = (max: number) => z.string().trim().max(max).nullish();

export const FormParamsSchema = z.object({ form: z.enum(['contact', 'waitlist', 'partner']) });

export const FormSchema = z.object({
  email: z.email().max(254),
  name: optionalText(200),
  company: optionalText(200),
  message: optionalText(5000),
});

export const FORMS = FormParamsSchema.shape.form.options;

/** 201: the submission was stored. */
export const FormReceivedSchema = z
  .object({ id: z.string(), form: FormParamsSchema.shape.form, received_at: TimestampSchema })
  .meta({ id: 'FormReceived' });
