/**
 * The sign-up and sign-in steps keep the query (`next` and whatever came with it):
 * a step the server names without a query gets the current one. Other pages do not.
 */
export function carryQuery(target: string, searchStr: string, locale: string): string {
  const keeps = [`/${locale}/signup/`, `/${locale}/login/`].some((p) => target.startsWith(p));
  if (!keeps || target.includes('?') || searchStr === '' || searchStr === '?') return target;
  return `${target}${searchStr.startsWith('?') ? searchStr : `?${searchStr}`}`;
}
