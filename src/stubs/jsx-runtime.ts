/**
 * React's JSX runtime, as ES module bindings. React ships it as CommonJS, so every
 * element the bundle draws read it as a property, `(0, r.jsx)(…)`, thousands of times:
 * the build has the views take these names instead (`jsxRuntimeAsBindings` in
 * vite.config.ts). The functions are React's own.
 */
import { Fragment as fragment, jsx as element, jsxs as elements } from 'react/jsx-runtime';

export const Fragment = fragment;
export const jsx = element;
export const jsxs = elements;
