import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.tsx'],
  // Axe in the Accessibility panel of every story; test/e2e/stories.test.ts runs it in npm test.
  addons: ['@storybook/addon-a11y'],
  core: { disableTelemetry: true },
};

export default config;
