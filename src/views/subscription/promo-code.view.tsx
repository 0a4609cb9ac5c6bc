import { Box, Field, Input, Stack, Text } from '@chakra-ui/react';
import { DisclosureButton } from '../../components/disclosure-button.tsx';
import { Button } from '../../components/button.tsx';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { CouponStatus } from '../../../contract/billing.ts';
import type { FieldError } from '../../../machines/field-errors.ts';
import type { promoCodeMachine } from '../../../machines/promo-code.machine.ts';
import { validationMessages } from '../../forms/messages.ts';
import { trimTyped } from '../../forms/trim.ts';
import type { MachineViewProps } from '../machine-view.ts';

export interface PromoCodeViewProps extends MachineViewProps<typeof promoCodeMachine> {
  /**
   * The checkout's refusal of the code (it was used up or expired since it was
   * applied): it overrides the applied message until the code is edited.
   */
  serverError?: FieldError | undefined;
}

/** The promo-code collapsible and every message of section 8. */
export function PromoCodeView({ snapshot, send, serverError }: PromoCodeViewProps) {
  const { t, i18n } = useLingui();
  // Until the payer toggles it, the field shows whenever there is a code (one applied
  // again for a payment resumed after the provider's page, too), or the message asking
  // for one, which is at the field.
  const [toggled, setOpen] = useState<boolean | null>(null);
  const opened = toggled ?? (snapshot.context.code !== '' || snapshot.matches('no_coupon'));
  // A refusal of the code shows at the field, so the field shows with it.
  const open = opened || serverError !== undefined;
  const failures: Partial<Record<CouponStatus, string>> = {
    err_not_found: t`This promo code does not exist`,
    err_expired_date: t`This promo code has expired`,
    err_expired_count: t`This promo code has expired`,
    err_max_price: t`Promo code does not apply to this item`,
  };
  const { check, code } = snapshot.context;
  const message = (() => {
    // The server names the code's status as the detail of its refusal.
    if (serverError)
      return {
        ok: false,
        text:
          Object.entries(failures).find(([status]) => status === serverError.detail)?.[1] ??
          t`Something went wrong`,
      };
    if (snapshot.matches('success') && check)
      return {
        ok: true,
        text: `${t`Promo code was applied successfully! Your discount:`} ${check.discount}%`,
      };
    if (snapshot.matches('failed') && check)
      return { ok: false, text: failures[check.status] ?? t`Something went wrong` };
    if (snapshot.matches('unknown_error')) return { ok: false, text: t`Something went wrong` };
    if (snapshot.matches('no_coupon'))
      return { ok: false, text: i18n._(validationMessages.promocodeEmpty) };
    return null;
  })();
  return (
    <Box>
      <DisclosureButton open={open} onClick={() => setOpen(!open)}>
        {t`I have a promo code`}
      </DisclosureButton>
      {open && (
        <Field.Root invalid={message !== null && !message.ok} mt="2" maxW="md">
          <Field.Label>{t`Promo code`}</Field.Label>
          <Stack direction="row" gap="2" width="full">
            <Input
              name="promocode"
              value={code}
              onChange={(e) => send({ type: 'promo.edit', code: trimTyped(e.target.value) })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  send({ type: 'promo.apply' });
                }
              }}
            />
            <Button
              variant="outline"
              loading={snapshot.hasTag('busy')}
              disabled={!snapshot.can({ type: 'promo.apply' })}
              onClick={() => send({ type: 'promo.apply' })}
            >
              {t`Apply`}
            </Button>
          </Stack>
          {message &&
            (message.ok ? (
              <Text role="status" color="fg.success" textStyle="caption">
                {message.text}
              </Text>
            ) : (
              <Field.ErrorText>{message.text}</Field.ErrorText>
            ))}
        </Field.Root>
      )}
    </Box>
  );
}
