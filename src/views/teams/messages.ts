import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { isTeamErrorCode, type TeamErrorCode } from '../../../contract/teams.ts';
import type { FieldError } from '../../../machines/field-errors.ts';
import type { UsernameProblem } from '../../../machines/team-owner.machine.ts';
import { errorText, validationMessages } from '../../forms/messages.ts';

/** The words for the team codes (contract/teams.ts); a new code without text fails the type check. */
export const teamErrorMessages: Record<TeamErrorCode, MessageDescriptor> = {
  premium_required: msg`A team needs the Premium plan`,
  user_not_found: msg`There is no user with this username`,
  owner_cannot_leave: msg`The owner cannot leave their own team`,
  team_full: msg`Every seat of the team is taken by its users and pending invitations`,
  already_member: msg`This address belongs to a user of the team already`,
  already_invited: msg`This address has a pending invitation already`,
  invitation_expired: msg`The invitation has expired. Ask the team owner for a new one`,
  invitation_used: msg`The invitation was used already or withdrawn`,
  invitation_other_account: msg`The invitation was sent to another e-mail address`,
};

const usernameProblems: Record<UsernameProblem, MessageDescriptor> = {
  required: validationMessages.required,
  username: validationMessages.username,
  already_member: msg`This user is already in the team`,
};

/** The message at the username field: our rule's, a team code's, or the common words. */
export function usernameErrorText(
  translate: (d: MessageDescriptor) => string,
  error: UsernameProblem | FieldError,
): string {
  if (typeof error === 'string') return translate(usernameProblems[error]);
  if (isTeamErrorCode(error.code)) return translate(teamErrorMessages[error.code]);
  return errorText(translate, error);
}

/** "3 of 5 users": the plural follows the limit (Russian: one, few, many). */
export function seatsText(count: number, max: number): string {
  return plural(max, { one: `${count} of # user`, other: `${count} of # users` });
}
