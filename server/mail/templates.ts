import { formatDate } from '../../contract/dates.ts';
import { formatMoney } from '../../contract/money.ts';
import type { Locale } from '../../contract/countries.ts';
import { escapeHtml as escape } from '../escape-html.ts';

/** What a template gives: the words; headers are added by sendMail. */
export type MailContent = { subject: string; text: string; html: string };

/** Paragraphs of plain text, the same words as HTML (links made clickable). */
function compose(subject: string, paragraphs: string[]): MailContent {
  const html = paragraphs
    .map((p) => `<p>${escape(p).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</p>`)
    .join('\n');
  return { subject, text: paragraphs.join('\n\n'), html };
}

function unsubscribeLine(locale: Locale, url: string | undefined): string[] {
  if (!url) return [];
  return locale === 'ru'
    ? [`Не хотите получать такие письма? Отписаться: ${url}`]
    : [`Don't want these mails? Unsubscribe: ${url}`];
}

export function confirmationCodeMail(locale: Locale, code: string): MailContent {
  return locale === 'ru'
    ? compose(`Код подтверждения: ${code}`, [
        `Ваш код подтверждения: ${code}`,
        'Код действует 15 минут. Если вы не регистрировались, просто удалите это письмо.',
      ])
    : compose(`Your verification code: ${code}`, [
        `Your verification code is ${code}`,
        'It is valid for 15 minutes. If you did not sign up, just delete this mail.',
      ]);
}

export function passwordResetMail(locale: Locale, link: string): MailContent {
  return locale === 'ru'
    ? compose('Восстановление пароля', [
        `Чтобы задать новый пароль, откройте ссылку: ${link}`,
        'Ссылка действует 1 час. Если вы не запрашивали восстановление, ничего не делайте.',
      ])
    : compose('Reset your password', [
        `To set a new password, open this link: ${link}`,
        'The link is valid for 1 hour. If you did not ask for it, do nothing.',
      ]);
}

export function passwordChangedMail(locale: Locale, unsubscribe?: string): MailContent {
  return locale === 'ru'
    ? compose('Пароль изменён', [
        'Пароль вашего профиля изменён, все сеансы завершены.',
        'Если это были не вы, восстановите пароль и напишите в поддержку.',
        ...unsubscribeLine(locale, unsubscribe),
      ])
    : compose('Your password was changed', [
        'The password of your profile was changed and every session was ended.',
        'If it was not you, reset the password and contact support.',
        ...unsubscribeLine(locale, unsubscribe),
      ]);
}

/** The notice of a password changed on the security page: this browser stays signed in. */
export function passwordChangedHereMail(locale: Locale, unsubscribe?: string): MailContent {
  return locale === 'ru'
    ? compose('Пароль изменён', [
        'Пароль вашего профиля изменён на странице «Безопасность»; все другие сеансы завершены.',
        'Если это были не вы, восстановите пароль и напишите в поддержку.',
        ...unsubscribeLine(locale, unsubscribe),
      ])
    : compose('Your password was changed', [
        'The password of your profile was changed on the Security page, and every other session was ended.',
        'If it was not you, reset the password and contact support.',
        ...unsubscribeLine(locale, unsubscribe),
      ]);
}

/**
 * To the old address after an e-mail change (decision 0217): what it became, and the
 * link that puts it back for 7 days. Never on a mailing list: it cannot be turned off.
 */
export function emailChangedMail(locale: Locale, newEmail: string, undoLink: string): MailContent {
  return locale === 'ru'
    ? compose('Адрес электронной почты изменён', [
        `Адрес электронной почты вашего профиля изменён на ${newEmail}. Письма теперь приходят туда.`,
        `Если это были не вы, верните прежний адрес по ссылке (она действует 7 дней и один раз): ${undoLink}`,
        'Все сеансы профиля будут завершены. Затем восстановите пароль и напишите в поддержку.',
      ])
    : compose('Your email was changed', [
        `The email of your profile was changed to ${newEmail}. Mail goes there from now on.`,
        `If it was not you, put the old address back with this link (it works once, for 7 days): ${undoLink}`,
        'Every session of the profile will end. Then reset the password and contact support.',
      ]);
}

/** What changed about the authenticator app, for its notice. */
export type TwoFactorChange = 'enabled' | 'disabled' | 'codes_regenerated' | 'code_used';

/** The notice of a change of the authenticator app or its recovery codes (decision 0218). */
export function twoFactorChangedMail(change: TwoFactorChange) {
  return (locale: Locale, unsubscribe?: string): MailContent => {
    const ru = locale === 'ru';
    const words: Record<TwoFactorChange, [string, string]> = ru
      ? {
          enabled: [
            'Вход с кодом приложения включён',
            'Для входа в ваш профиль теперь нужен код из приложения-аутентификатора.',
          ],
          disabled: [
            'Вход с кодом приложения выключен',
            'Для входа в ваш профиль больше не нужен код из приложения-аутентификатора.',
          ],
          codes_regenerated: [
            'Новые коды восстановления',
            'Для вашего профиля созданы новые коды восстановления; прежние больше не действуют.',
          ],
          code_used: [
            'Использован код восстановления',
            'В ваш профиль вошли с одним из кодов восстановления; он больше не действует.',
          ],
        }
      : {
          enabled: [
            'Authenticator app turned on',
            'Signing in to your profile now needs a code from your authenticator app.',
          ],
          disabled: [
            'Authenticator app turned off',
            'Signing in to your profile no longer needs a code from an authenticator app.',
          ],
          codes_regenerated: [
            'New recovery codes',
            'New recovery codes were made for your profile; the old ones no longer work.',
          ],
          code_used: [
            'A recovery code was used',
            'Someone signed in to your profile with one of its recovery codes; that code no longer works.',
          ],
        };
    const [subject, what] = words[change];
    return compose(subject, [
      what,
      ru
        ? 'Если это были не вы, восстановите пароль и напишите в поддержку.'
        : 'If it was not you, reset the password and contact support.',
      ...unsubscribeLine(locale, unsubscribe),
    ]);
  };
}

/** To the user when a passkey was added to the account on the security page. */
export function passkeyAddedMail(name: string) {
  return (locale: Locale, unsubscribe?: string): MailContent =>
    locale === 'ru'
      ? compose('Добавлен ключ доступа', [
          `К вашему профилю добавлен ключ доступа (passkey) «${name}» на странице «Безопасность».`,
          'Если это были не вы, удалите ключ на этой странице, смените пароль и напишите в поддержку.',
          ...unsubscribeLine(locale, unsubscribe),
        ])
      : compose('A passkey was added', [
          `The passkey "${name}" was added to your profile on the Security page.`,
          'If it was not you, remove it there, change your password and contact support.',
          ...unsubscribeLine(locale, unsubscribe),
        ]);
}

export function passkeyRemovedMail(name: string) {
  return (locale: Locale, unsubscribe?: string): MailContent =>
    locale === 'ru'
      ? compose('Удалён ключ доступа', [
          `Из вашего профиля удалён ключ доступа (passkey) «${name}»: с ним больше нельзя войти.`,
          'Если это были не вы, смените пароль, проверьте список входов на странице «Безопасность» и напишите в поддержку.',
          ...unsubscribeLine(locale, unsubscribe),
        ])
      : compose('A passkey was removed', [
          `The passkey "${name}" was removed from your profile: it signs in no more.`,
          'If it was not you, change your password, check where you are signed in on the Security page and contact support.',
          ...unsubscribeLine(locale, unsubscribe),
        ]);
}

/** What the new-sign-in notice tells of the browser. */
export type SignInDetails = {
  at: Date;
  browser: string | null;
  os: string | null;
  ip: string;
  country: string | null;
  /** The security page, where the session can be ended. */
  sessionsUrl: string;
};

/** A country's name in the mail's language, or its code. */
function countryIn(locale: Locale, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** To the user when their account is signed in from a browser it has not used before. */
export function newSignInMail(d: SignInDetails) {
  return (locale: Locale, unsubscribe?: string): MailContent => {
    const when = `${d.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    const unknown = locale === 'ru' ? 'неизвестный браузер' : 'an unknown browser';
    const what = [d.browser ?? unknown, d.os].filter(Boolean).join(', ');
    const where = [d.ip, d.country && countryIn(locale, d.country)].filter(Boolean).join(', ');
    return locale === 'ru'
      ? compose('Вход в ваш профиль с нового устройства', [
          `В ваш профиль вошли из браузера, который раньше не использовался: ${when}, ${what}, ${where}.`,
          `Если это были вы, ничего делать не нужно. Если нет, завершите этот сеанс и смените пароль: ${d.sessionsUrl}`,
          ...unsubscribeLine(locale, unsubscribe),
        ])
      : compose('New sign-in to your profile', [
          `Your profile was signed in to from a browser it has not used before: ${when}, ${what}, ${where}.`,
          `If it was you, there is nothing to do. If not, end that session and change your password: ${d.sessionsUrl}`,
          ...unsubscribeLine(locale, unsubscribe),
        ]);
  };
}

export function exportNoticeMail(locale: Locale, unsubscribe?: string): MailContent {
  return locale === 'ru'
    ? compose('Выгрузка данных профиля', [
        'Из вашего профиля только что выгружена копия личных данных.',
        'Если это были не вы, смените пароль.',
        ...unsubscribeLine(locale, unsubscribe),
      ])
    : compose('Your profile data was exported', [
        'A copy of your personal data was just downloaded from your profile.',
        'If it was not you, change your password.',
        ...unsubscribeLine(locale, unsubscribe),
      ]);
}

/** To a team's owner when a member leaves by themselves (the owner's removals send none). */
export function memberLeftMail(
  locale: Locale,
  username: string,
  teamUrl: string,
  unsubscribe?: string,
): MailContent {
  return locale === 'ru'
    ? compose(`${username} покинул(а) вашу команду`, [
        `Пользователь ${username} вышел из вашей команды и больше не пользуется тарифом Premium через неё.`,
        `Освободившееся место можно отдать другому пользователю: ${teamUrl}`,
        ...unsubscribeLine(locale, unsubscribe),
      ])
    : compose(`${username} left your team`, [
        `The user ${username} left your team and no longer gets the Premium plan through it.`,
        `You can give the free seat to another user: ${teamUrl}`,
        ...unsubscribeLine(locale, unsubscribe),
      ]);
}

/** What an invitation mail tells: who invites, its two links and when they end. */
export type InvitationMailDetails = {
  ownerUsername: string;
  ownerName: string;
  accept: string;
  decline: string;
  expiresAt: Date;
};

/** To an invited address, in the language the owner chose (decision 0602). */
export function teamInvitationMail(locale: Locale, d: InvitationMailDetails): MailContent {
  const who = d.ownerName === '' ? d.ownerUsername : `${d.ownerName} (${d.ownerUsername})`;
  const until = formatDate(d.expiresAt, locale);
  return locale === 'ru'
    ? compose(`${d.ownerUsername} приглашает вас в команду`, [
        `${who} приглашает вас в свою команду на портале: участники команды пользуются тарифом Premium.`,
        `Принять приглашение: ${d.accept}`,
        `Отклонить приглашение: ${d.decline}`,
        `Ссылки действуют до ${until} и только один раз. Если вы не ждали этого письма, просто удалите его.`,
      ])
    : compose(`${d.ownerUsername} invites you to a team`, [
        `${who} invites you to their team on the portal: the team's members get the Premium plan.`,
        `Accept the invitation: ${d.accept}`,
        `Decline the invitation: ${d.decline}`,
        `The links work until ${until}, and only once. If you did not expect this mail, just delete it.`,
      ]);
}

/** To a user the owner added by username (decision 0602), in the user's language. */
export function memberAddedMail(
  locale: Locale,
  ownerUsername: string,
  teamsUrl: string,
  unsubscribe?: string,
): MailContent {
  return locale === 'ru'
    ? compose(`${ownerUsername} добавил(а) вас в команду`, [
        `Пользователь ${ownerUsername} добавил вас в свою команду: пока команда активна, вы пользуетесь тарифом Premium через неё.`,
        `Ваши команды: ${teamsUrl}`,
        'Выйти из команды можно на этой же странице.',
        ...unsubscribeLine(locale, unsubscribe),
      ])
    : compose(`${ownerUsername} added you to their team`, [
        `The user ${ownerUsername} added you to their team: while the team is active, you get the Premium plan through it.`,
        `Your teams: ${teamsUrl}`,
        'You can leave the team on the same page.',
        ...unsubscribeLine(locale, unsubscribe),
      ]);
}

export type InvoiceMailDetails = {
  plan: 'mini' | 'premium';
  amount: number;
  company: string;
  person: string;
  contactEmail: string;
};

/** The paid plans' names: the same in both languages, as the pages show them. */
const PLAN_NAMES = { mini: 'Mini', premium: 'Premium' } as const;

/** '24 000 ₽' in both languages, as the pages write it: invoices are in roubles only. */
const roubles = (amount: number) => formatMoney(amount, 'rub').replaceAll('\u00a0', ' ');

/** To the contact of an invoice request: what was asked for and when the invoice comes. */
export function invoiceRequestMail(locale: Locale, d: InvoiceMailDetails): MailContent {
  const plan = PLAN_NAMES[d.plan];
  const amount = roubles(d.amount);
  return locale === 'ru'
    ? compose('Запрос счёта получен', [
        `Здравствуйте, ${d.person}!`,
        `Мы получили запрос счёта для «${d.company}»: тариф ${plan}, оплата за год, ${amount}.`,
        'Счёт будет отправлен на этот адрес в течение 2 рабочих дней.',
      ])
    : compose('Invoice request received', [
        `Hello, ${d.person}!`,
        `We have received an invoice request for "${d.company}": the ${plan} plan, paid for a year, ${amount}.`,
        'The invoice will be sent to this address within 2 working days.',
      ]);
}

/** To the account holder, when the contact is someone else: the request was taken. */
export function invoiceConfirmationMail(locale: Locale, d: InvoiceMailDetails): MailContent {
  const plan = PLAN_NAMES[d.plan];
  const amount = roubles(d.amount);
  return locale === 'ru'
    ? compose('Вы запросили счёт', [
        `Из вашего профиля запрошен счёт для «${d.company}»: тариф ${plan}, оплата за год, ${amount}.`,
        `Счёт будет отправлен контактному лицу (${d.person}, ${d.contactEmail}) в течение 2 рабочих дней.`,
        'Если это были не вы, напишите в поддержку.',
      ])
    : compose('You requested an invoice', [
        `An invoice was requested from your profile for "${d.company}": the ${plan} plan, paid for a year, ${amount}.`,
        `It will be sent to the contact person (${d.person}, ${d.contactEmail}) within 2 working days.`,
        'If it was not you, contact support.',
      ]);
}

export type ConsultationMailDetails = {
  name: string;
  email: string;
  company: string;
  phone: string;
  industry: string;
  comment: string;
  username: string;
  language: Locale;
};

/** To the operator's sales address (SALES_EMAIL): the request as it was sent. */
export function consultationSalesMail(details: ConsultationMailDetails): MailContent {
  const line = (label: string, value: string) => `${label}: ${value === '' ? '—' : value}`;
  return compose(`Consultation request from ${details.name}`, [
    'A consultation on the on-premise installation was requested on the portal.',
    [
      line('Name', details.name),
      line('Email', details.email),
      line('Company', details.company),
      line('Phone', details.phone),
      line('Industry', details.industry),
      line('Account', details.username),
      line('Language', details.language),
    ].join('\n'),
    line('Comment', details.comment),
  ]);
}

/** To the requester, in their page's language: the request reached the sales team. */
export function consultationReceivedMail(locale: Locale, name: string): MailContent {
  return locale === 'ru'
    ? compose('Запрос консультации получен', [
        `Здравствуйте, ${name}!`,
        'Мы получили ваш запрос консультации по установке платформы на ваших серверах.',
        'Наш специалист свяжется с вами в течение 2 рабочих дней.',
      ])
    : compose('We received your consultation request', [
        `Hello, ${name}!`,
        'We received your request for a consultation on installing the platform on your servers.',
        'Our specialist will contact you within 2 working days.',
      ]);
}
