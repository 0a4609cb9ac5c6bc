import { Box } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

/** What another page tells the sign-in page through `?notice=`. */
const notices = {
  profile_removed: msg`Your profile was deleted.`,
};
export type LoginNoticeCode = keyof typeof notices;

export function isLoginNotice(value: unknown): value is LoginNoticeCode {
  return typeof value === 'string' && Object.hasOwn(notices, value);
}

export function LoginNotice({ notice }: { notice: LoginNoticeCode }) {
  const { _ } = useLingui();
  return (
    // A plain box, not Chakra's Alert: this page is the first visit (docs/decisions/0009).
    <Box role="status" mb="6" maxW="md" p="3" borderRadius="l2" bg="bg.success" color="fg.success">
      {_(notices[notice])}
    </Box>
  );
}
