import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { LegalBlock } from '../../../contract/legal.ts';
import type { legalPageMachine } from '../../../machines/legal-page.machine.ts';
import { PageBusy, RetryAlert } from '../../components/status.tsx';
import { legalTitles } from './titles.ts';
import type { MachineViewProps } from '../machine-view.ts';

export type LegalPageViewProps = MachineViewProps<typeof legalPageMachine>;

function Block({ block }: { block: LegalBlock }) {
  switch (block.kind) {
    case 'heading':
      return (
        <Heading as="h2" textStyle="section-title" mt="4">
          {block.text}
        </Heading>
      );
    case 'paragraph':
      return <Text>{block.text}</Text>;
    case 'list':
      // Plain elements, not Chakra's List: a visitor's legal page then loads none of
      // the component library's lazily loaded parts (decision 0009).
      return (
        <Stack as="ul" ps="5" gap="2" listStyleType="disc">
          {block.items.map((item, index) => (
            <Box as="li" key={index}>
              {item}
            </Box>
          ))}
        </Stack>
      );
    default:
      return block satisfies never;
  }
}

/** The terms of service or the privacy policy: the text, in a column easy to read. */
export function LegalPageView({ snapshot, send }: LegalPageViewProps) {
  const { t, i18n } = useLingui();
  const state = snapshot.value;
  const { text, page } = snapshot.context;
  switch (state) {
    case 'loading':
      return <PageBusy label={t`Loading…`} />;
    case 'failed':
      return (
        <Stack gap="page">
          <Heading as="h1" textStyle="page-title">
            {i18n._(legalTitles[page])}
          </Heading>
          <RetryAlert
            message={t`Couldn't load this page`}
            onRetry={() => send({ type: 'legal.retry' })}
          />
        </Stack>
      );
    case 'shown':
      return (
        <Box as="article" maxW="3xl" lineHeight="tall">
          <Stack gap="4">
            <Heading as="h1" textStyle="page-title">
              {text?.title}
            </Heading>
            {text?.blocks.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </Stack>
        </Box>
      );
    default:
      return state satisfies never;
  }
}
