import { createFileRoute, redirect } from '@tanstack/react-router';
import { pageLocale } from '../i18n/locale.ts';

export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/$locale/login/$step', params: { locale: pageLocale(), step: '1' } });
  },
});
