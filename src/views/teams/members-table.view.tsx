import { Box, Button, chakra } from '@chakra-ui/react';
import { Badge } from '../../components/badge.tsx';
import { useLingui } from '@lingui/react/macro';
import type { TeamUser } from '../../../contract/teams.ts';

export interface MembersTableViewProps {
  users: TeamUser[];
  /** Without it the table is read-only. */
  onRemove?: (portalGuid: string) => void;
  /** Removing is off while the team is saved. */
  disabled?: boolean;
}

const cell = { px: '3', py: '2', borderBottomWidth: '1px', textAlign: 'start' } as const;

/** The team's users: username, first and last name, the owner badge, a remove button. */
export function MembersTableView({ users, onRemove, disabled = false }: MembersTableViewProps) {
  const { t } = useLingui();
  return (
    <Box overflowX="auto" width="full">
      <chakra.table width="full" fontSize="sm" borderCollapse="collapse">
        <caption>
          <chakra.span srOnly>{t`Users of the team`}</chakra.span>
        </caption>
        <thead>
          <tr>
            <chakra.th {...cell} scope="col">{t`Username`}</chakra.th>
            <chakra.th {...cell} scope="col">{t`Name`}</chakra.th>
            <chakra.th {...cell} scope="col">{t`Role`}</chakra.th>
            {onRemove && (
              <chakra.th {...cell} scope="col">
                <chakra.span srOnly>{t`Actions`}</chakra.span>
              </chakra.th>
            )}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const username = user.username;
            return (
              <tr key={user.portal_guid}>
                <chakra.td {...cell} fontWeight="medium">
                  {user.username}
                </chakra.td>
                <chakra.td {...cell}>
                  {[user.first_name, user.last_name].filter(Boolean).join(' ')}
                </chakra.td>
                <chakra.td {...cell}>
                  {user.owner ? (
                    <Badge colorPalette="blue">{t`Owner`}</Badge>
                  ) : (
                    <Badge variant="outline">{t`Member`}</Badge>
                  )}
                </chakra.td>
                {onRemove && (
                  <chakra.td {...cell} textAlign="end">
                    {!user.owner && (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        disabled={disabled}
                        aria-label={t`Remove ${username}`}
                        onClick={() => onRemove(user.portal_guid)}
                      >
                        {t`Remove`}
                      </Button>
                    )}
                  </chakra.td>
                )}
              </tr>
            );
          })}
        </tbody>
      </chakra.table>
    </Box>
  );
}
