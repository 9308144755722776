import { idField, timestampField } from '@groupsplit/shared';
import { z } from 'zod';

const optionalText = (max: number, description: string, example: string) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .meta({ description: `${description}, up to ${max} characters.`, example });

export const FormParamsSchema = z.object({ form: z.enum(['contact', 'waitlist', 'partner']) });

export const FormSchema = z.object({
  email: z
    .email()
    .max(254)
    .meta({ description: 'Where to answer, up to 254 characters.', example: 'alex@example.com' }),
  name: optionalText(200, 'Your name', 'Alex Morgan'),
  company: optionalText(200, 'Your company', 'Picnic Supplies Ltd'),
  message: optionalText(5000, 'What you would like to say', 'We sell picnic hampers and would like group checkout.'),
});

export const FORMS = FormParamsSchema.shape.form.options;

/** 201: the submission was stored. */
export const FormReceivedSchema = z
  .object({
    id: idField('event', 'The submission id.'),
    form: FormParamsSchema.shape.form.meta({ description: 'Which form.' }),
    received_at: timestampField('When it was received.'),
  })
  .meta({ id: 'FormReceived', description: 'The submission was stored.' });
