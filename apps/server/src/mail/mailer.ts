import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Where a mail ends up: an inbox (SMTP), or the server's log when no mail server is set. */
export type MailDelivery = 'email' | 'serverLog';

export interface Mailer {
  /** Read by whoever asks for a mail, so a screen never claims one is on its way when it is only logged. */
  readonly delivery?: MailDelivery;
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set. */
export async function smtpMailer(url: string, from: string): Promise<Mailer> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(url);
  return {
    delivery: 'email',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Without SMTP the mail goes to the server log, where the operator of a self-hosted console reads it. */
export function logOutboxMailer(log: FastifyBaseLogger): Mailer {
  return {
    delivery: 'serverLog',
    async send(message) {
      log.info({ outbox: message }, `outbox: mail to ${message.to}: ${message.subject}`);
    },
  };
}

/** Keeps messages in memory: tests read the verification codes from it. */
export class MemoryOutbox implements Mailer {
  readonly delivery = 'email';
  readonly messages: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.messages.push(message);
  }
  lastTo(address: string): MailMessage | undefined {
    return this.messages.filter((m) => m.to === address).at(-1);
  }
}
