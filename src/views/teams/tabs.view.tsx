import { Box, HStack, Link, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link as RouterLink } from '@tanstack/react-router';

export interface TabsViewProps {
  /** The own team has more users than its max_size: the owner tab's red dot. */
  overLimit: boolean;
}

/** The inner menu of /teammanage (section 2): the owner and member tabs. */
export function TabsView({ overLimit }: TabsViewProps) {
  const { t } = useLingui();
  const tab = {
    px: '4',
    py: '2',
    mb: '-1px',
    borderBottomWidth: '2px',
    borderColor: 'transparent',
    fontWeight: 'medium',
    _hover: { textDecoration: 'none', bg: 'bg.muted' },
    css: { '&[aria-current=page]': { borderColor: 'blue.solid', color: 'blue.fg' } },
  } as const;
  return (
    <Box as="nav" aria-label={t`Team sections`} borderBottomWidth="1px">
      <HStack as="ul" listStyleType="none" gap="0">
        <li>
          <Link asChild {...tab}>
            <RouterLink to="/$locale/teammanage/owner" from="/$locale">
              {t`My team`}
              {overLimit && (
                <>
                  <Box
                    as="span"
                    data-testid="over-limit-dot"
                    display="inline-block"
                    boxSize="2"
                    ms="1"
                    borderRadius="full"
                    bg="red.600"
                    aria-hidden="true"
                  />
                  <Text as="span" srOnly>
                    {t`(more users than allowed)`}
                  </Text>
                </>
              )}
            </RouterLink>
          </Link>
        </li>
        <li>
          <Link asChild {...tab}>
            <RouterLink to="/$locale/teammanage/member" from="/$locale">
              {t`Teams I am in`}
            </RouterLink>
          </Link>
        </li>
      </HStack>
    </Box>
  );
}
