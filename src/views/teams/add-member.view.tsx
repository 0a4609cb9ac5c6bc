import { chakra, HStack, Input } from '@chakra-ui/react';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import type { FieldError } from '../../../machines/field-errors.ts';
import type { TeamOwnerEvent, UsernameProblem } from '../../../machines/team-owner.machine.ts';
import { FieldFrame } from '../../forms/field-frame.tsx';
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
      <FieldFrame
        label={t`Username`}
        error={message}
        helperText={t`The exact username of the user to add.`}
        size="caption"
      >
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
      </FieldFrame>
    </chakra.form>
  );
}
