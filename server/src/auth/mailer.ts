/** Email for password setup links, when NIVESH_SMTP_URL is configured. */
import nodemailer from 'nodemailer';

export interface Mailer {
  sendSetupLink(to: string, link: string): Promise<void>;
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
  };
}
