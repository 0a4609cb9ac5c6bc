/**
 * The deadline of a call to an outside provider (a payment provider, a social sign-in's
 * identity provider), PROVIDER_TIMEOUT_SECONDS in `config.providerTimeoutMs`.
 */

/** What a provider call that outlived its deadline rejects with. */
export class ProviderTimeout extends Error {
  constructor() {
    super('The provider did not answer');
    this.name = 'ProviderTimeout';
  }
}

/**
 * Runs a provider call for at most `ms`: the signal aborts its requests, and the
 * race gives up even on an adapter that ignores the signal, so a provider that
 * accepts the connection and never answers cannot hold a request (or a checkout) open.
 */
export async function bounded<T>(
  ms: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ProviderTimeout();
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
