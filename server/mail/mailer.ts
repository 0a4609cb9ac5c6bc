import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { mails } from '../db/schema.ts';
import type { Clock } from '../http/context.ts';
import type { Logger } from '../logger.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

/** The one way the server sends mail; the transport is chosen once, at start. */
export type Mailer = { send(mail: Mail): Promise<void> };

/** SMTP_URL set: real delivery. Otherwise the development mailbox (table + log line). */
export function createMailer(deps: {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
}): Mailer {
  const { config, db, logger, clock } = deps;
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  if (config.nodeEnv === 'production') {
    logger.warn('SMTP_URL is not set: mails are only stored in the database');
  }
  return {
    send: async (mail) => {
      await db.insert(mails).values({ ...mail, createdAt: clock.now() });
      logger.info('mail stored', { to: mail.to, subject: mail.subject });
    },
  };
}
