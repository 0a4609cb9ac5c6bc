import { useLingui } from '@lingui/react/macro';
import { Busy } from '../../components/status.tsx';
import { TitledSection } from '../../components/titled.tsx';

/** A section of /profile while its data loads: its title, and a spinner said quietly. */
export function SectionLoadingView({ title }: { title: string }) {
  const { t } = useLingui();
  return (
    <TitledSection title={title}>
      <Busy quiet label={t`Loading`} />
    </TitledSection>
  );
}
