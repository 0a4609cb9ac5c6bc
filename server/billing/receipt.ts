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

const WORDS = {
  en: {
    title: 'Payment receipt',
    seller: 'Seller',
    taxId: 'Tax ID',
    buyer: 'Buyer',
    paymentId: 'Payment ID',
    date: 'Date of payment',
    provider: 'Paid by card through',
    providers: { stripe: 'Stripe', yookassa: 'YooKassa' },
    plan: 'Plan',
    interval: { monthly: 'monthly', yearly: 'yearly' },
    period: 'Period',
    price: 'Price',
    discount: (code: string) => `Discount (promo code ${code})`,
    total: 'Amount paid',
    taxIncluded: (label: string, rate: number) => `Including ${label} ${rate}%`,
  },
  ru: {
    title: 'Квитанция об оплате',
    seller: 'Продавец',
    taxId: 'ИНН',
    buyer: 'Покупатель',
    paymentId: 'Номер платежа',
    date: 'Дата оплаты',
    provider: 'Оплачено картой через',
    providers: { stripe: 'Stripe', yookassa: 'ЮKassa' },
    plan: 'Тариф',
    interval: { monthly: 'помесячно', yearly: 'за год' },
    period: 'Период',
    price: 'Цена',
    discount: (code: string) => `Скидка (промокод ${code})`,
    total: 'Оплачено',
    taxIncluded: (label: string, rate: number) => `В том числе ${label} ${rate}%`,
  },
} as const;

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
  const w = WORDS[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: locale,
    info: { Title: `${w.title} ${payment.checkoutId}`, Author: seller.name[locale] },
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

  doc.fontSize(20).text(w.title);
  doc.moveDown();
  doc.fontSize(12).text(w.seller);
  doc.fontSize(11).text(seller.name[locale]);
  doc.text(seller.address[locale]);
  line(w.taxId, seller.tax_id);
  doc.moveDown();
  doc.fontSize(12).text(w.buyer);
  const name = `${user.firstName} ${user.lastName}`.trim() || user.username;
  doc.fontSize(11).text(`${name}, ${user.email}`);
  doc.moveDown();
  line(w.paymentId, payment.checkoutId);
  line(w.date, formatDay(payment.createdAt, locale));
  line(w.provider, w.providers[payment.provider]);
  line(w.plan, `${PLAN_NAMES[payment.plan]}, ${w.interval[payment.interval]}`);
  if (payment.periodStart && payment.periodEnd) {
    const from = formatDay(payment.periodStart, locale);
    line(w.period, `${from} – ${formatDay(payment.periodEnd, locale)}`);
  }
  doc.moveDown();
  if (payment.discount > 0) {
    line(w.price, money(payment.amount + payment.discount, payment));
    line(w.discount(payment.coupon), `−${money(payment.discount, payment)}`);
  }
  doc.fontSize(14).text(`${w.total}: ${money(payment.amount, payment)}`);
  const tax = seller.tax;
  if (tax) {
    const share = (payment.amount * tax.rate) / (100 + tax.rate);
    line(w.taxIncluded(tax.label[locale], tax.rate), money(share, payment));
  }
  doc.end();
  return done;
}
