import { and, desc, eq, notInArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Mail } from '@shop/contract';
import { schema, type Db } from '@shop/db';

export interface OutgoingMessage {
  /** An email address, or a phone number for text messages. */
  to: string;
  subject: string;
  text: string;
  /** Empty for text messages. */
  html: string;
}

/** Where mail and text messages go: an SMTP server, or the dev mailbox in the database. */
export interface Outbox {
  send(message: OutgoingMessage): Promise<void>;
}

export class SmtpOutbox implements Outbox {
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
    /** Text messages need an SMS gateway; until one is configured they are kept in the dev mailbox. */
    private readonly texts: Outbox,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: OutgoingMessage) {
    if (!message.to.includes('@')) return this.texts.send(message);
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }
}

export class DevMailbox implements Outbox {
  constructor(private readonly db: Db) {}

  async send(message: OutgoingMessage) {
    await this.db.insert(schema.mailbox).values(message);
  }

  /** The newest 100 messages, to `to` only when given, leaving out every message to one of `hidden`. */
  async list(to: string | undefined, hidden: readonly string[] = []): Promise<Mail[]> {
    const rows = await this.db
      .select()
      .from(schema.mailbox)
      .where(
        and(
          to ? eq(schema.mailbox.to, to.toLowerCase()) : undefined,
          hidden.length > 0 ? notInArray(schema.mailbox.to, [...hidden]) : undefined,
        ),
      )
      .orderBy(desc(schema.mailbox.sentAt), desc(schema.mailbox.id))
      .limit(100);
    return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
  }
}
