import { Box, chakra, Field, HStack, Input } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import type { FieldError } from '../../../machines/field-errors.ts';
import type { TeamOwnerEvent, UsernameProblem } from '../../../machines/team-owner.machine.ts';
import { usernameErrorText } from './messages.ts';
import { trimTyped } from '../../forms/trim.ts';

export interface AddMemberViewProps {
  username: string;
  error: UsernameProblem | FieldError | null;
  /** The username is being looked up. */
  busy: boolean;
  disabled: boolean;
  send: (event: TeamOwnerEvent) => void;
}

/** Adding a member by exact username; what went wrong shows at the field. */
export function AddMemberView({ username, error, busy, disabled, send }: AddMemberViewProps) {
  const { t, i18n } = useLingui();
  const message = error ? usernameErrorText(i18n._.bind(i18n), error) : undefined;
  return (
    <chakra.form
      noValidate
      aria-label={t`Add a member`}
      width="full"
      maxW="lg"
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'member.add' });
      }}
    >
      <Field.Root invalid={Boolean(message)}>
        <Field.Label>{t`Username`}</Field.Label>
        <HStack gap="2" width="full" align="flex-start">
          <Input
            name="username"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            value={username}
            onChange={(e) => send({ type: 'username.edit', username: trimTyped(e.target.value) })}
          />
          <Button type="submit" variant="outline" loading={busy} disabled={disabled}>
            {t`Add`}
          </Button>
        </HStack>
        <Box minH="5" textStyle="caption">
          {message ? (
            <Field.ErrorText mt="0">{message}</Field.ErrorText>
          ) : (
            <Field.HelperText mt="0">{t`The exact username of the user to add.`}</Field.HelperText>
          )}
        </Box>
      </Field.Root>
    </chakra.form>
  );
}
