import { z } from 'zod';

export const mailboxQuerySchema = z.strictObject({
  to: z.string().max(254).optional(),
});
export const mailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});
export type Mail = z.infer<typeof mailSchema>;
