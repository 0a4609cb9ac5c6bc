import { createFileRoute, redirect } from '@tanstack/react-router';
import { keepQuery } from '../../-search.ts';

/** /signup and /signup/ start at step 0, with the query kept. */
export const Route = createFileRoute('/$locale/signup/')({
  ...keepQuery,
  beforeLoad: ({ params, search }) => {
    throw redirect({
      to: '/$locale/signup/$step',
      params: { locale: params.locale, step: '0' },
      search,
    });
  },
});
