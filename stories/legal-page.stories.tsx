import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import type { LegalDocument, LegalDocumentId } from '../contract/legal.ts';
import { legalPageMachine } from '../machines/legal-page.machine.ts';
import { LegalPageView } from '../src/views/legal/legal-page.view.tsx';

interface Args {
  value: SnapshotFrom<typeof legalPageMachine>['value'];
  page: LegalDocumentId;
}

/** Shortened shipped texts (legal/): the operator's words, in the page's language. */
const texts: Record<'en' | 'ru', Record<LegalDocumentId, LegalDocument>> = {
  en: {
    terms: {
      title: 'Terms of service',
      blocks: [
        { kind: 'paragraph', text: 'By creating an account you agree to these terms.' },
        { kind: 'heading', text: 'Your account' },
        { kind: 'paragraph', text: 'Keep your password safe.' },
        {
          kind: 'list',
          items: ['Give true and current information.', 'One account is for one person.'],
        },
      ],
    },
    privacy: {
      title: 'Privacy policy',
      blocks: [
        { kind: 'heading', text: 'What we collect' },
        { kind: 'list', items: ['Account data.', 'Subscription and payment data.'] },
      ],
    },
  },
  ru: {
    terms: {
      title: 'Условия использования',
      blocks: [
        { kind: 'paragraph', text: 'Создавая аккаунт, вы принимаете эти правила.' },
        { kind: 'heading', text: 'Ваш аккаунт' },
        { kind: 'paragraph', text: 'Храните пароль в тайне.' },
        {
          kind: 'list',
          items: ['Указывайте верные сведения.', 'Один аккаунт — для одного человека.'],
        },
      ],
    },
    privacy: {
      title: 'Политика конфиденциальности',
      blocks: [
        { kind: 'heading', text: 'Какие данные мы собираем' },
        { kind: 'list', items: ['Данные аккаунта.', 'Данные подписки и оплаты.'] },
      ],
    },
  },
};

function Page({ value, page }: Args) {
  const { i18n } = useLingui();
  const locale = i18n.locale === 'ru' ? 'ru' : 'en';
  return (
    <LegalPageView
      snapshot={legalPageMachine.resolveState({
        value,
        context: { page, locale, text: value === 'shown' ? texts[locale][page] : null },
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
