/** Email for password setup links and alert notifications, when NIVESH_SMTP_URL is configured. */
import nodemailer from 'nodemailer';

export interface Mailer {
  sendSetupLink(to: string, link: string): Promise<void>;
  /** A notification (notifications/notifier.ts): plain text; throws when the SMTP server refuses it. */
  sendNotification(to: string, subject: string, text: string): Promise<void>;
}

export function createSmtpMailer(smtp: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(smtp.url);
  return {
    async sendSetupLink(to, link) {
      await transport.sendMail({
        from: smtp.from,
        to,
        subject: 'Nivesh: set your password',
        text:
          `Open this link to set the password of your Nivesh console:\n\n${link}\n\n` +
          'The link works once and expires in 15 minutes. If you did not ask for it, ignore this email.',
      });
    },
    async sendNotification(to, subject, text) {
      await transport.sendMail({ from: smtp.from, to, subject, text });
    },
  };
}
