import { useLingui } from '@lingui/react';
import type { ServerErrors } from '../../machines/field-errors.ts';
import { issueMessage, type ExtraMessages } from './issue-message.ts';
import { errorText } from './messages.ts';

interface FieldMeta {
  isTouched: boolean;
  errors: readonly unknown[];
}

/**
 * The one message a field shows: its own rule's text once touched, else the
 * server's error for it (which the machine drops when the field is edited). A form
 * with codes of its own passes their texts as `extra`.
 */
export function useFieldError(serverErrors: ServerErrors, extra: ExtraMessages = {}) {
  const { _ } = useLingui();
  return (meta: FieldMeta, name: string): string | undefined => {
    const issue = meta.isTouched ? meta.errors[0] : undefined;
    if (issue !== undefined) return _(issueMessage(issue, extra));
    const server = serverErrors[name];
    if (!server) return undefined;
    const own = Object.hasOwn(extra, server.code) ? extra[server.code] : undefined;
    return own ? _(own) : errorText(_, server);
  };
}
