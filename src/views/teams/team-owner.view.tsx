import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { TitledSection } from '../../components/titled.tsx';
import type { teamOwnerMachine } from '../../../machines/team-owner.machine.ts';
import { Busy, RetryAlert } from '../../components/status.tsx';
import type { DraftOfferViewProps } from '../draft-offer.view.tsx';
import { EditorView } from './editor.view.tsx';
import { UpgradeOfferView } from './upgrade-offer.view.tsx';
import { topState, type MachineViewProps } from '../machine-view.ts';

export interface OwnerViewProps extends MachineViewProps<typeof teamOwnerMachine> {
  /** The edit kept when the session ended, offered above the team (decision 0025). */
  draft?: DraftOfferViewProps | undefined;
  /** The pending invitations and the invite form (decision 0602). */
  invitations?: ReactNode;
  /** How many seats pending invitations hold. */
  pendingSeats?: number;
}

/** The owner tab (section 2): a spinner, the upgrade offer, or the team to edit. */
export function OwnerView({
  snapshot,
  send,
  draft,
  invitations,
  pendingSeats = 0,
}: OwnerViewProps) {
  const { t } = useLingui();
  const { context } = snapshot;
  const top = topState(snapshot.value);
  const body = (() => {
    switch (top) {
      case 'loading':
        return <Busy label={t`Loading your team…`} />;
      case 'unavailable':
        return (
          <RetryAlert
            message={t`Couldn't load your team. Please try again.`}
            onRetry={() => send({ type: 'team.retry' })}
          />
        );
      case 'upgradeOffered':
        return <UpgradeOfferView team={context.team} />;
      case 'editing':
        return (
          <EditorView
            snapshot={snapshot}
            send={send}
            draft={draft}
            invitations={invitations}
            pendingSeats={pendingSeats}
          />
        );
      default:
        return top satisfies never;
    }
  })();
  return (
    <TitledSection title={t`My team`} gap="6">
      {body}
    </TitledSection>
  );
}
