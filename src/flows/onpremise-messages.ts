import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OnpremiseErrorCode } from '../../contract/onpremise.ts';

/**
 * The words for the on-premise codes (contract/onpremise.ts) and the form's own rules;
 * a new code without text fails the type check.
 */
export const onpremiseErrorMessages: Record<
  OnpremiseErrorCode | 'label_too_long',
  MessageDescriptor
> = {
  identifier: msg`Enter the identifier as setup prints it: eight groups of four letters or digits separated by hyphens`,
  identifier_taken: msg`This identifier is already bound to an account`,
  binding_limit: msg`You have bound as many identifiers as your account may have. Unbind one to bind another.`,
  premium_required: msg`On-premise is available on the Premium plan`,
  label_too_long: msg`The label may be at most 80 characters long`,
};
