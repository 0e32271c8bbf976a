import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const webSrc = 'apps/web/src';

/** Folders of a directory, read when lint starts, so a new feature or package gets its zone without an edit here. */
function folders(dir) {
  return readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * Packages depend one way: decimal ← contract, format ← exchange ← engine ← server; the web app
 * reaches only contract, format and decimal. Each entry lists what a workspace may import; a
 * package that does not exist yet (engine, decimal) is covered by its path all the same.
 */
const packageDependencies = {
  decimal: [],
  contract: ['decimal'],
  format: ['decimal'],
  exchange: ['contract', 'format', 'decimal'],
  engine: ['exchange', 'contract', 'format', 'decimal'],
};
const packageZones = [
  ...Object.entries(packageDependencies).map(([name, allowed]) => ({
    target: `packages/${name}`,
    from: 'packages',
    except: [name, ...allowed].map((dep) => `./${dep}`),
    message: `packages/${name} may import only ${allowed.length ? allowed.join(', ') : 'no other workspace package'}.`,
  })),
  { target: 'packages', from: ['apps', 'e2e', 'bench'], message: 'Packages never import the apps.' },
  {
    target: 'apps/web',
    from: 'packages',
    except: ['./contract', './format', './decimal'],
    message: 'The web app may import only contract, format and decimal; it reaches the server through its typed client.',
  },
  { target: 'apps/web', from: 'apps/server', message: 'The web app reaches the server through its typed client only.' },
  { target: 'apps/server', from: 'apps/web', message: 'The server never imports the web app.' },
];

/** bulletproof-react: shared code → features → app, and no feature imports another. */
const features = folders(`${webSrc}/features`);
const sharedWeb = folders(webSrc).filter((name) => name !== 'app' && name !== 'features');
const webZones = [
  ...features.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what they share to a shared folder (market-data, components, hooks, lib).',
  })),
  { target: `${webSrc}/features`, from: `${webSrc}/app`, message: 'Features never import the app.' },
  ...sharedWeb.map((shared) => ({
    target: `${webSrc}/${shared}`,
    from: [`${webSrc}/features`, `${webSrc}/app`],
    message: 'Shared web code never imports features or the app.',
  })),
];

/** Ways to turn a string into markup, each refused in the console's sources. */
const htmlSinkMessage = 'An HTML sink: the console renders text through React only (README, "Security")';
const htmlSinks = [
  "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  "JSXAttribute[name.name='srcDoc']",
  "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]",
  "CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|parseFromString)$/]",
  "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]",
].map((selector) => ({ selector, message: htmlSinkMessage }));

export default defineConfig(
  { ignores: ['**/node_modules/', '**/dist/', 'data/', 'test-data/', 'coverage/', 'e2e/screenshots/', 'lint/fixtures/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too, or no-cycle would not follow them.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The resolver on enhanced-resolve: the newer ones ship native bindings this registry lacks for other platforms, which breaks `npm ci`.
      'import-x/resolver': {
        typescript: {
          project: ['apps/*', 'packages/*', 'e2e', 'bench', 'lint'].map((dir) => `${root}/${dir}/tsconfig.json`),
        },
      },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...packageZones, ...webZones] }],
      // ignoreExternal: the walk stays in our sources instead of crossing node_modules.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A leading underscore marks what a signature or a destructuring has to name but does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: [`${webSrc}/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The console keeps its token in localStorage and renders everything as React text: no markup
    // or code from strings anywhere (README, "Security"). Tests may build fixtures as they like.
    files: [`${webSrc}/**/*.{ts,tsx}`],
    ignores: [`${webSrc}/**/*.test.{ts,tsx}`, `${webSrc}/testing/**`],
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-script-url': 'error',
      'no-restricted-syntax': ['error', ...htmlSinks],
    },
  },
);
