import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { LegalBlock, LegalDocument, LegalDocumentId } from '../contract/legal.ts';
import { legalPageMachine } from '../machines/legal-page.machine.ts';
import { LegalPageView } from '../src/views/legal/legal-page.view.tsx';

interface Args {
  value: SnapshotFrom<typeof legalPageMachine>['value'];
  page: LegalDocumentId;
}

type Language = 'en' | 'ru';
/** A text in English, then in Russian. */
type Both = readonly [en: string, ru: string];

/** A block made from its text in each language. */
const inBoth = (pair: Both, block: (text: string) => LegalBlock) => ({
  en: block(pair[0]),
  ru: block(pair[1]),
});
const paragraph = (pair: Both) => inBoth(pair, (text) => ({ kind: 'paragraph', text }));
const heading = (pair: Both) => inBoth(pair, (text) => ({ kind: 'heading', text }));
const list = (...items: Both[]) => ({
  en: { kind: 'list', items: items.map(([en]) => en) } satisfies LegalBlock,
  ru: { kind: 'list', items: items.map(([, ru]) => ru) } satisfies LegalBlock,
});

/** One document in both languages: each block written once, beside its translation. */
function bilingual(title: Both, ...blocks: Record<Language, LegalBlock>[]) {
  const inLanguage = (language: Language, at: 0 | 1): LegalDocument => ({
    title: title[at],
    blocks: blocks.map((block) => block[language]),
  });
  return { en: inLanguage('en', 0), ru: inLanguage('ru', 1) };
}

/** Shortened shipped texts (legal/): the operator's words, in the page's language. */
const documents: Record<LegalDocumentId, Record<Language, LegalDocument>> = {
  terms: bilingual(
    ['Terms of service', 'Условия использования'],
    paragraph([
      'By creating an account you agree to these terms.',
      'Создавая аккаунт, вы принимаете эти правила.',
    ]),
    heading(['Your account', 'Ваш аккаунт']),
    paragraph(['Keep your password safe.', 'Храните пароль в тайне.']),
    list(
      ['Give true and current information.', 'Указывайте верные сведения.'],
      ['One account is for one person.', 'Один аккаунт — для одного человека.'],
    ),
  ),
  privacy: bilingual(
    ['Privacy policy', 'Политика конфиденциальности'],
    heading(['What we collect', 'Какие данные мы собираем']),
    list(
      ['Account data.', 'Данные аккаунта.'],
      ['Subscription and payment data.', 'Данные подписки и оплаты.'],
    ),
  ),
};

function Page({ value, page }: Args) {
  const { i18n } = useLingui();
  const locale = i18n.locale === 'ru' ? 'ru' : 'en';
  return (
    <LegalPageView
      snapshot={legalPageMachine.resolveState({
        value,
        context: { page, locale, text: value === 'shown' ? documents[page][locale] : null },
      })}
      send={() => {}}
    />
  );
}

/** /terms and /privacy: every state of the legal-page machine. */
const meta = {
  title: 'Flows/Legal pages',
  render: (args) => <Page {...args} />,
  args: { value: 'shown', page: 'terms' },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { value: 'loading' } };
export const Terms: Story = {};
export const Privacy: Story = { args: { page: 'privacy' } };
export const LoadFailed: Story = { args: { value: 'failed' } };
