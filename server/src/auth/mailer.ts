/**
 * Email for password setup links and alert notifications, when NIVESH_SMTP_URL is configured.
 * nodemailer is loaded with the first email, not at start.
 */
import type { SendMailOptions, Transporter } from 'nodemailer';

export interface Mailer {
  sendSetupLink(to: string, link: string): Promise<void>;
  /** A notification (notifications/notifier.ts): plain text; throws when the SMTP server refuses it. */
  sendNotification(to: string, subject: string, text: string): Promise<void>;
}

export function createSmtpMailer(smtp: { url: string; from: string }): Mailer {
  let transport: Promise<Transporter> | null = null;
  const send = async (mail: SendMailOptions): Promise<void> => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtp.url),
    );
    await (await transport).sendMail(mail);
  };
  return {
    async sendSetupLink(to, link) {
      await send({
        from: smtp.from,
        to,
        subject: 'Nivesh: set your password',
        text:
          `Open this link to set the password of your Nivesh console:\n\n${link}\n\n` +
          'The link works once and expires in 15 minutes. If you did not ask for it, ignore this email.',
      });
    },
    async sendNotification(to, subject, text) {
      await send({ from: smtp.from, to, subject, text });
    },
  };
}
