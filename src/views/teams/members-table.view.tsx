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

/*
 * A table from md up; below it (a phone) each row is a card of its own: the username,
 * the name and the role one under another, the Remove button beside them, so every
 * action is on the screen without scrolling sideways. The elements stay a table's, for
 * screen readers; the header row is then only for them.
 */
const cell = {
  px: { base: '0', md: '3' },
  py: { base: '0.5', md: '2' },
  borderBottomWidth: { base: '0', md: '1px' },
  textAlign: 'start',
  display: { base: 'block', md: 'table-cell' },
  minW: '0',
  overflowWrap: 'anywhere',
} as const;
const stackedOnPhone = { display: { base: 'block', md: 'table-row-group' } } as const;
const headerOnPhone = {
  // Visually hidden below md (the screen-reader-only pattern), a header row above.
  position: { base: 'absolute', md: 'static' },
  width: { base: '1px', md: 'auto' },
  height: { base: '1px', md: 'auto' },
  overflow: { base: 'hidden', md: 'visible' },
  clipPath: { base: 'inset(50%)', md: 'none' },
  whiteSpace: { base: 'nowrap', md: 'normal' },
} as const;
const row = {
  display: { base: 'grid', md: 'table-row' },
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gridTemplateAreas: `"user action" "name action" "role action"`,
  columnGap: '3',
  alignItems: 'center',
  py: { base: '2', md: '0' },
  borderBottomWidth: { base: '1px', md: '0' },
} as const;

/** The team's users: username, first and last name, the owner badge, a remove button. */
export function MembersTableView({ users, onRemove, disabled = false }: MembersTableViewProps) {
  const { t } = useLingui();
  return (
    <Box width="full">
      <chakra.table
        width="full"
        textStyle="caption"
        borderCollapse="collapse"
        display={{ base: 'block', md: 'table' }}
      >
        <caption>
          <chakra.span srOnly>{t`Users of the team`}</chakra.span>
        </caption>
        <chakra.thead {...headerOnPhone}>
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
        </chakra.thead>
        <chakra.tbody {...stackedOnPhone}>
          {users.map((user) => {
            const username = user.username;
            return (
              <chakra.tr key={user.portal_guid} {...row}>
                <chakra.td {...cell} gridArea="user" fontWeight="medium">
                  {user.username}
                </chakra.td>
                <chakra.td {...cell} gridArea="name">
                  {[user.first_name, user.last_name].filter(Boolean).join(' ')}
                </chakra.td>
                <chakra.td {...cell} gridArea="role">
                  {user.owner ? (
                    <Badge colorPalette="blue">{t`Owner`}</Badge>
                  ) : (
                    <Badge variant="outline">{t`Member`}</Badge>
                  )}
                </chakra.td>
                {onRemove && (
                  <chakra.td {...cell} gridArea="action" textAlign="end">
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
              </chakra.tr>
            );
          })}
        </chakra.tbody>
      </chakra.table>
    </Box>
  );
}
