import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The texts of the first visit, `messages`: the shell around every page (header,
 * footer, menus, error pages, the texts of refused fields and of toasts) and the
 * sign-in page. They load with the page; any other page, and the parts of the sign-in
 * page loaded when needed (the code step, the consent question), wait for the rest,
 * `pages` (decision 0009).
 */
const firstVisit = [
  '<rootDir>/src/components',
  '<rootDir>/src/forms',
  '<rootDir>/src/i18n',
  '<rootDir>/src/routes/$locale.tsx',
  '<rootDir>/src/routes/$locale/login',
  '<rootDir>/src/views/login/{login,social-buttons}*',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ru'],
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/messages', include: firstVisit },
    {
      path: '<rootDir>/src/locales/{locale}/pages',
      include: ['<rootDir>/src'],
      exclude: firstVisit,
    },
  ],
  format: formatter({ lineNumbers: false }),
});
