import { CountryList } from '../../contract/countries.ts';
import { call } from './client.ts';

export function fetchCountries(signal?: AbortSignal) {
  return call('v1/countries/', CountryList, { signal, useCase: 'get_countries' });
}
