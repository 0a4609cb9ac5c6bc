import type { Locale } from '../../contract/countries.ts';
import type { WebgisInstance } from '../db/schema.ts';
import type { MailContent } from '../mail/templates.ts';
import { escapeHtml as escape } from '../escape-html.ts';

/** The mail the "being created" message promises: the instance is ready, and where. */
export function readyMail(
  locale: Locale,
  instance: Pick<WebgisInstance, 'url' | 'urlOauth'>,
): MailContent {
  const [subject, paragraphs] =
    locale === 'ru'
      ? [
          'Ваша Веб ГИС готова',
          [
            `Ваша Веб ГИС создана и работает по адресу ${instance.url}`,
            `Войти в неё с учётной записью портала: ${instance.urlOauth}`,
          ],
        ]
      : [
          'Your Web GIS is ready',
          [
            `Your Web GIS has been created and runs at ${instance.url}`,
            `Sign in to it with your portal account: ${instance.urlOauth}`,
          ],
        ];
  const html = paragraphs
    .map((p) => `<p>${escape(p).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</p>`)
    .join('\n');
  return { subject, text: paragraphs.join('\n\n'), html };
}
