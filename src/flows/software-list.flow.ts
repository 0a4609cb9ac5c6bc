import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fromPromise } from 'xstate';
import { ApiError, dispatchErrors } from '../api/errors.ts';
import { fetchReleases, givenReleases } from '../api/software.api.ts';
import {
  softwareListMachine,
  type SoftwareListInput,
} from '../../machines/software-list.machine.ts';

/** Section 8: a simple error, with an empty pointer and one detail. */
const installersEmpty = msg`Product installers list is empty`;

export const liveSoftwareListMachine = softwareListMachine.provide({
  actors: {
    fetchReleases: fromPromise(async ({ signal }) => {
      try {
        return await fetchReleases(signal);
      } catch (error) {
        // Failures nobody subscribes to reach the global handler (a toast), then the machine.
        if (error instanceof ApiError) dispatchErrors(error.items);
        throw error;
      }
    }),
  },
  actions: {
    reportEmpty: () =>
      dispatchErrors([
        {
          // Not a server code: the toast shows the detail as it is.
          code: 'installers_empty',
          detail: i18n._(installersEmpty),
          source: { pointer: '' },
          status: 200,
          url: '/api/v1/releases',
          useCase: 'get_releases',
        },
      ]),
  },
});

/**
 * The list's input: the releases the page brought, unless none: an empty list is read
 * again, and reported, as the machine's own read does.
 */
export function softwareListInput(): SoftwareListInput {
  const releases = givenReleases();
  return { releases: releases?.length ? releases : undefined };
}
