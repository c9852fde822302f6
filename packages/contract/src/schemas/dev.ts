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

/**
 * Whether the shop delivers mail (`MAIL_URL` set) or keeps it in the dev mailbox, which only admins read in the
 * back office: the dashboard warns staff while mail is not delivered.
 */
export const mailStatusSchema = z.object({ delivered: z.boolean() });
export type MailStatus = z.infer<typeof mailStatusSchema>;
