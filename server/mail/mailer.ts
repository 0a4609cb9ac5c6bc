import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { mails } from '../db/schema.ts';
import type { Clock } from '../deps.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from './types.ts';

export type { Mail, Mailer } from './types.ts';

const WITHHELD = '(not kept: SMTP_URL is not set)';

/** SMTP_URL set: real delivery. Otherwise the development mailbox (table + log line). */
export function createMailer(deps: {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
}): Mailer {
  const { config, db, logger, clock } = deps;
  const { smtpUrl } = config;
  if (smtpUrl) {
    // Loaded at the first mail: a start without SMTP never loads it.
    let transport: Promise<Transporter> | undefined;
    return {
      send: async (mail) => {
        transport ??= import('nodemailer').then((module) =>
          module.default.createTransport(smtpUrl),
        );
        await (await transport).sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  if (config.nodeEnv === 'production') {
    // Subjects and bodies carry codes and reset links, which the database keeps only as
    // hashes: without SMTP, production records that a mail was due, never what it said.
    logger.warn('SMTP_URL is not set: mails are not delivered, only their recipients recorded');
    return {
      send: async (mail) => {
        await db.insert(mails).values({
          ...mail,
          subject: WITHHELD,
          text: WITHHELD,
          html: WITHHELD,
          createdAt: clock.now(),
        });
        logger.warn('mail not delivered (no SMTP_URL)', { to: mail.to });
      },
    };
  }
  return {
    send: async (mail) => {
      await db.insert(mails).values({ ...mail, createdAt: clock.now() });
      logger.info('mail stored', { to: mail.to, subject: mail.subject });
    },
  };
}
