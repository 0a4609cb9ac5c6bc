import { createFileRoute } from '@tanstack/react-router';
import { isLocale } from '../../i18n/locale.ts';
import { pageTitle } from '../../i18n/title.ts';
import { LegalScreen } from '../../views/legal/legal-screen.tsx';
import { legalTitles } from '../../views/legal/titles.ts';

/** Open to everyone: the sign-up form links here before there is an account. */
export const Route = createFileRoute('/$locale/terms')({
  head: () => pageTitle(legalTitles.terms),
  component: function TermsPage() {
    const { locale } = Route.useParams();
    return <LegalScreen key={locale} page="terms" locale={isLocale(locale) ? locale : 'en'} />;
  },
});
