import type { Meta, StoryObj } from '@storybook/react-vite';
import ErrorPage from '../src/components/error-page.view.tsx';

/** The error page for 400, 403, 404 and 500; unknown codes read as 404. */
const meta = {
  title: 'Shell/Error page',
  component: ErrorPage,
  args: { code: 404, address: 'http://localhost/en/nowhere' },
} satisfies Meta<typeof ErrorPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BadRequest: Story = { args: { code: 400 } };
export const Forbidden: Story = { args: { code: 403 } };
export const NotFound: Story = {};
export const ServerError: Story = { args: { code: 500 } };
export const UnknownCode: Story = { args: { code: 418 } };
