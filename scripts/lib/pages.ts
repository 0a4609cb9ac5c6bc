/** A page the browser benchmarks load (bench:lighthouse, bench:boot). */
export interface Page {
  name: string;
  path: string;
  signedIn: boolean;
  /** The page shows the account's web GIS: measured after it is made. */
  webgis?: boolean;
}

/** The sign-in page and every signed-in page of issue 33's goal, the web GIS's last. */
export const BENCH_PAGES: readonly Page[] = [
  { name: 'login', path: '/en/login/1', signedIn: false },
  { name: 'profile', path: '/en/profile', signedIn: true },
  { name: 'subscription', path: '/en/subscription', signedIn: true },
  { name: 'checkout', path: '/en/subscription/update?plan=premium&period=monthly', signedIn: true },
  { name: 'software', path: '/en/software', signedIn: true },
  { name: 'teams', path: '/en/teammanage/owner', signedIn: true },
  { name: 'onpremise', path: '/en/myngidonpremises', signedIn: true },
  { name: 'webgis', path: '/en/webgis', signedIn: true, webgis: true },
];

/** The pages `--only a,b` names (all without it); a name of none is an error. */
export function chosenPages(only: string | undefined): readonly Page[] {
  const names = only?.split(',');
  const unknown = names?.filter((name) => !BENCH_PAGES.some((page) => page.name === name)) ?? [];
  if (unknown.length > 0) throw new Error(`no page named ${unknown.join(', ')}`);
  return BENCH_PAGES.filter((page) => !names || names.includes(page.name));
}
