import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/$locale/')({
  // Sends to sign-in: the rest of the catalog is not needed on the way.
  staticData: { firstVisitTexts: true },
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$locale/login/$step', params: { locale: params.locale, step: '1' } });
  },
});
