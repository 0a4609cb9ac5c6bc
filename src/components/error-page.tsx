import { Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { SearchParamError, useRouterState } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { clearForbidden, forbiddenAddress, subscribeForbidden } from '../flows/server-refusals.ts';
import { site } from './site.ts';

export type ErrorPageCode = 400 | 403 | 404 | 500;

const texts: Record<ErrorPageCode, { title: MessageDescriptor; hint?: MessageDescriptor }> = {
  400: { title: msg`Bad request` },
  403: { title: msg`The access to this page is forbidden` },
  404: { title: msg`Page does not exist` },
  500: {
    title: msg`An error occurred on the server`,
    hint: msg`Please refresh the page later or report the problem to us.`,
  },
};

/** Unknown codes use the 404 texts (section 2). */
export function errorPageCode(code: number): ErrorPageCode {
  return code === 400 || code === 403 || code === 500 ? code : 404;
}

/**
 * A link the page cannot take as it is (a reset or unsubscribe token cut short or
 * mangled by a mail program): the 400 page, not a server error.
 */
export class MalformedLinkError extends Error {
  constructor(what: string) {
    super(`Malformed link: ${what}`);
    this.name = 'MalformedLinkError';
  }
}

/**
 * The page for an error a route threw: a malformed link or a query the route's
 * validator refuses is a bad request (400); anything else went wrong here (500).
 */
export function errorPageCodeOf(error: unknown): ErrorPageCode {
  return error instanceof MalformedLinkError || error instanceof SearchParamError ? 400 : 500;
}

export function ErrorPage({ code, address }: { code: number; address: string }) {
  const { t, i18n } = useLingui();
  const shown = errorPageCode(code);
  const text = texts[shown];
  const subject = encodeURIComponent(t`Error ${shown} on ${i18n._(site.name)}`);
  const body = encodeURIComponent(t`The page: ${address}`);
  return (
    <Stack gap="6" py="10" maxW="xl" role="alert">
      <Text fontSize="6xl" fontWeight="bold" color="fg.muted" lineHeight="1">
        {shown}
      </Text>
      <Heading as="h1" size="2xl">
        {i18n._(text.title)}
      </Heading>
      {text.hint && <Text color="fg.muted">{i18n._(text.hint)}</Text>}
      <Flex gap="4" align="center" wrap="wrap">
        <Button colorPalette="blue" onClick={() => window.history.back()}>
          {t`Go back`}
        </Button>
        <Link
          href={`mailto:${site.contactEmail}?subject=${subject}&body=${body}`}
          colorPalette="blue"
        >
          {t`Report the problem by e-mail`}
        </Link>
      </Flex>
    </Stack>
  );
}

/**
 * Access denied (section 6): when the server refused this page's data with 403, the
 * page gives way to the 403 page until the user goes elsewhere.
 */
export function ForbiddenGate({ children }: { children: ReactNode }) {
  // The address drawn now: while the next page loads, this one keeps its 403 page.
  const here = useRouterState({
    select: (state) => (state.resolvedLocation ?? state.location).href,
  });
  const forbidden = useSyncExternalStore(subscribeForbidden, forbiddenAddress);
  useEffect(() => {
    if (forbidden !== null && forbidden !== here) clearForbidden();
  }, [forbidden, here]);
  return forbidden === here ? <ErrorPage code={403} address={window.location.href} /> : children;
}
