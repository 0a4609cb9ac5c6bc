import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/$locale/login/')({
  beforeLoad: ({ params, search }) => {
    throw redirect({
      to: '/$locale/login/$step',
      params: { locale: params.locale, step: '1' },
      search,
    });
  },
});
