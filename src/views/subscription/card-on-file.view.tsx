import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { Card } from '../../../contract/billing.ts';
import type { CardOutcome, cardOnFileMachine } from '../../../machines/card-on-file.machine.ts';
import { Button } from '../../components/button.tsx';
import { Busy } from '../../components/status.tsx';
import { TitledSection } from '../../components/titled.tsx';
import type { MachineViewProps } from '../machine-view.ts';
import { SectionLoadingView } from '../profile/section-loading.view.tsx';

export type CardOnFileViewProps = MachineViewProps<typeof cardOnFileMachine>;

/** The card as a payer knows it: "Visa •••• 4242, expires 12/2030". */
function useCardLabel() {
  const { t } = useLingui();
  const brands: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    mir: t`Mir`,
    amex: 'American Express',
    unionpay: 'UnionPay',
    jcb: 'JCB',
  };
  return (card: Card) => {
    const brand = brands[card.brand] ?? card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
    const { last4 } = card;
    const expiry = `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
    return t`${brand} •••• ${last4}, expires ${expiry}`;
  };
}

/**
 * "Payment card" on /subscription: the card the provider reported, what became of a
 * change the user came back from, and Change card (to the provider's page).
 */
export function CardOnFileView({ snapshot, send }: CardOnFileViewProps) {
  const { t } = useLingui();
  const label = useCardLabel();
  const title = t`Payment card`;
  if (snapshot.matches('loading')) return <SectionLoadingView title={title} />;
  if (snapshot.matches('loadFailed')) {
    return (
      <TitledSection title={title} align="flex-start">
        <Text color="fg.error">{t`Couldn't load your card.`}</Text>
        <Button onClick={() => send({ type: 'card.retry' })}>{t`Try again`}</Button>
      </TitledSection>
    );
  }
  const { card, changeable, outcome, error } = snapshot.context;
  const outcomes: Record<CardOutcome, string> = {
    saved: t`The new card is saved: the next payments are charged to it.`,
    not_saved: t`The card was not changed.`,
    unconfirmed: t`The payment system has not confirmed the new card yet. It will show here once it does.`,
  };
  const confirming = snapshot.matches('confirming');
  const failed = snapshot.matches('startFailed');
  return (
    <TitledSection title={title} align="flex-start">
      <Text>{card ? label(card) : t`The payment system has not reported a card yet.`}</Text>
      {confirming && <Busy label={t`Waiting for the payment system to confirm the new card…`} />}
      {outcome && !confirming && (
        <Text role="status" color={outcome === 'saved' ? 'fg.success' : undefined}>
          {outcomes[outcome]}
        </Text>
      )}
      {failed && (
        <Text color="fg.error" role="alert">
          {error === 'checkout_in_progress'
            ? t`A payment is in progress. Try again once it is finished.`
            : t`Couldn't start the card change. Please try again.`}
        </Text>
      )}
      {changeable ? (
        <Button
          variant="outline"
          loading={snapshot.matches('starting') || snapshot.matches('leaving')}
          disabled={confirming}
          onClick={() => send({ type: 'card.change' })}
        >
          {t`Change card`}
        </Button>
      ) : (
        !confirming && (
          <Text color="fg.muted">{t`This payment system does not let the card be changed here.`}</Text>
        )
      )}
    </TitledSection>
  );
}
