// One lint configuration for the monorepo: typescript-eslint with type information, React hooks
// and jsx-a11y for the web app. Formatting is Prettier's job (prettier --check in `pnpm lint`).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.tmp/**', '**/.turbo/**', '**/data/**', '**/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          name: 'react-leaflet',
          message:
            "Import each component from its own module (react-leaflet/MapContainer): the index asks Leaflet for every layer, and the build's Leaflet has only what the map uses (src/map/leaflet-subset.js).",
        },
        {
          name: '@tanstack/react-router',
          importNames: ['lazyRouteComponent'],
          message:
            'Use lazyPage (src/layout/lazyPage.ts): it retries a failed chunk and leads to our error page instead of an English one.',
        },
        {
          name: 'react',
          importNames: ['lazy'],
          message:
            "Use lazyPart and Part (src/layout/lazyPart.tsx): React's lazy keeps a failed chunk's error for good and it takes the page down; lazyPart retries and Part keeps the failure in its place.",
        },
      ],
      // A leaving page outlives its route (src/layout/AnimatedOutlet.tsx): reading by route id throws there.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name=/^use(Search|Params|LoaderData|LoaderDeps|RouteContext|Match)$/] > ObjectExpression > Property[key.name='from']",
          message:
            'Read the search with usePageSearch (src/layout/pageSearch.ts) or use strict: false; `from` throws in a leaving page.',
        },
        {
          selector:
            "CallExpression[callee.object.name='Route'][callee.property.name=/^use(Search|Params|LoaderData|LoaderDeps|RouteContext|Match)$/]",
          message: 'Read the search with usePageSearch (src/layout/pageSearch.ts); Route.useSearch() throws in a leaving page.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests (and their peers) index into arrays they have just checked and pass methods to expect(): no ceremony there.
    files: ['**/test/**', '**/e2e/**', '**/bench/**', 'packages/test-peers/**', '**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // JSON answers are read field by field in assertions; async fakes match async interfaces.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
);
