import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Locale } from '../../contract/countries.ts';
import { formatMoney } from '../../contract/money.ts';
import type { Seller } from '../../contract/site.ts';
import type { payments, User } from '../db/schema.ts';

/**
 * DejaVu Sans, shipped beside this file with its licence: PDF's built-in fonts have no
 * Cyrillic, and a receipt must not depend on the fonts of the machine it is made on.
 */
export const RECEIPT_FONT = path.resolve(import.meta.dirname, 'fonts/DejaVuSans.ttf');

type PaymentRow = typeof payments.$inferSelect;

const PLAN_NAMES = { free: 'Free', mini: 'Mini', premium: 'Premium' } as const;

/** A text in English, then in Russian. */
type Both<T> = readonly [en: T, ru: T];

/** Each word of the receipt beside its translation. */
const WORDS = {
  title: ['Payment receipt', 'Квитанция об оплате'],
  seller: ['Seller', 'Продавец'],
  taxId: ['Tax ID', 'ИНН'],
  buyer: ['Buyer', 'Покупатель'],
  paymentId: ['Payment ID', 'Номер платежа'],
  date: ['Date of payment', 'Дата оплаты'],
  provider: ['Paid by card through', 'Оплачено картой через'],
  stripe: ['Stripe', 'Stripe'],
  yookassa: ['YooKassa', 'ЮKassa'],
  plan: ['Plan', 'Тариф'],
  monthly: ['monthly', 'помесячно'],
  yearly: ['yearly', 'за год'],
  period: ['Period', 'Период'],
  price: ['Price', 'Цена'],
  total: ['Amount paid', 'Оплачено'],
} satisfies Record<string, Both<string>>;

const DISCOUNT: Both<(code: string) => string> = [
  (code) => `Discount (promo code ${code})`,
  (code) => `Скидка (промокод ${code})`,
];

const TAX_INCLUDED: Both<(label: string, rate: number) => string> = [
  (label, rate) => `Including ${label} ${rate}%`,
  (label, rate) => `В том числе ${label} ${rate}%`,
];

/** The receipt's words in `locale`. */
function wordsIn(locale: Locale) {
  const at = locale === 'ru' ? 1 : 0;
  return {
    word: (key: keyof typeof WORDS): string => WORDS[key][at],
    discount: DISCOUNT[at],
    taxIncluded: TAX_INCLUDED[at],
  };
}

/** A day as the receipt's language writes it, in UTC like the pages. */
const formatDay = (date: Date, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** Money as the pages write it; two decimals at most (a tax's share). */
const money = (amount: number, payment: PaymentRow) =>
  formatMoney(Math.round(amount * 100) / 100, payment.currency);

/**
 * The receipt of a paid payment as a PDF (A4, one page) in the user's language: the
 * seller of the operator's configuration, the buyer, the plan and the period it bought,
 * the price, the promo code's discount, the amount paid and the tax it includes where
 * one is configured, the payment's id and date.
 */
export function receiptPdf(
  payment: PaymentRow,
  user: Pick<User, 'firstName' | 'lastName' | 'username' | 'email'>,
  seller: Seller,
  locale: Locale,
): Promise<Buffer> {
  const { word, discount, taxIncluded } = wordsIn(locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: locale,
    info: { Title: `${word('title')} ${payment.checkoutId}`, Author: seller.name[locale] },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.registerFont('body', RECEIPT_FONT);
  doc.font('body');
  const line = (label: string, value: string) => {
    doc.fontSize(11).fillColor('#555555').text(`${label}: `, { continued: true });
    doc.fillColor('#000000').text(value);
  };

  doc.fontSize(20).text(word('title'));
  doc.moveDown();
  doc.fontSize(12).text(word('seller'));
  doc.fontSize(11).text(seller.name[locale]);
  doc.text(seller.address[locale]);
  line(word('taxId'), seller.tax_id);
  doc.moveDown();
  doc.fontSize(12).text(word('buyer'));
  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  doc.fontSize(11).text(`${name}, ${user.email}`);
  doc.moveDown();
  line(word('paymentId'), payment.checkoutId);
  line(word('date'), formatDay(payment.createdAt, locale));
  line(word('provider'), word(payment.provider));
  line(word('plan'), `${PLAN_NAMES[payment.plan]}, ${word(payment.interval)}`);
  if (payment.periodStart && payment.periodEnd) {
    const from = formatDay(payment.periodStart, locale);
    line(word('period'), `${from} – ${formatDay(payment.periodEnd, locale)}`);
  }
  doc.moveDown();
  if (payment.discount > 0) {
    line(word('price'), money(payment.amount + payment.discount, payment));
    line(discount(payment.coupon), `−${money(payment.discount, payment)}`);
  }
  doc.fontSize(14).text(`${word('total')}: ${money(payment.amount, payment)}`);
  const tax = seller.tax;
  if (tax) {
    const share = (payment.amount * tax.rate) / (100 + tax.rate);
    line(taxIncluded(tax.label[locale], tax.rate), money(share, payment));
  }
  doc.end();
  return done;
}
