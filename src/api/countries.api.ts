import { cardProviderFor, providers, type PaymentProvider } from '../../contract/billing.ts';
import { CountryList, type Country } from '../../contract/countries.ts';
import { call, givenRead } from './client.ts';
import { readPaths } from '../../contract/page-reads.ts';
import { isOneOf } from '../../contract/one-of.ts';
import { pageMeta } from '../components/page-json.ts';

export function fetchCountries(signal?: AbortSignal) {
  return call(readPaths.countries, CountryList, { signal, useCase: 'get_countries' });
}

/** The countries the page brought, if it did (`givenRead`). */
export const givenCountries = () => givenRead(readPaths.countries, CountryList);

const isProvider = (name: string) => isOneOf(providers, name);

/**
 * The card providers the server takes payments with, as it writes them into the page
 * (`<meta name="portal-card-providers" content="yookassa stripe">`); both when the
 * page says nothing (the development server's own page).
 */
export function cardProviders(doc?: ParentNode): PaymentProvider[] {
  const content = pageMeta('portal-card-providers', doc);
  if (content === null) return [...providers];
  return content.split(/\s+/).filter(isProvider);
}

/** Section 2's payment countries: those whose card provider the server takes payments with. */
export function paymentCountries(
  countries: readonly Country[],
  taken: readonly PaymentProvider[] = cardProviders(),
): Country[] {
  return countries.filter((country) => taken.includes(cardProviderFor(country.code)));
}
