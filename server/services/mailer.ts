import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** Delivers one e-mail or throws. */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<void>;
}

export class SmtpTransport implements MailTransport {
  readonly name = 'smtp';
  private readonly transporter: Transporter;
  constructor(url: string) {
    this.transporter = nodemailer.createTransport(url);
  }
  async send(mail: OutgoingMail): Promise<void> {
    await this.transporter.sendMail(mail);
  }
  close(): void {
    this.transporter.close();
  }
}

/** With no SMTP server configured, mail stays in the outbox table and is read on /dev/mailbox. */
export class DevMailboxTransport implements MailTransport {
  readonly name = 'dev';
  async send(): Promise<void> {}
}

export function createTransport(smtpUrl: string | undefined): MailTransport {
  return smtpUrl ? new SmtpTransport(smtpUrl) : new DevMailboxTransport();
}
