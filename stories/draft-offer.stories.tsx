import type { Meta, StoryObj } from '@storybook/react-vite';
import { draftOfferMachine, type DraftOfferContext } from '../machines/draft-offer.machine.ts';
import { DraftOfferView } from '../src/views/draft-offer.view.tsx';
import { renderState, type StateArgs } from './state.tsx';

type Args = StateArgs<typeof draftOfferMachine>;

const context: DraftOfferContext = { draft: { company: 'ACME Ltd', first_name: 'Anna Maria' } };

/**
 * The offer above a signed-in page's form of its unsaved changes from before the
 * session ended (decision 0025): shown in `offered` only; the other states draw nothing.
 */
const meta = {
  title: 'Flows/Forms/Unsaved changes offer',
  render: renderState(draftOfferMachine, DraftOfferView),
  args: { value: 'offered', context },
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Offered: Story = {};
