// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The tables each server module owns (files of apps/server/src/db/schema/). A module's code
 * imports only its own tables; another module's data is reached through that module's
 * `index.ts` (its public use cases). Tests may read any table to check what was written.
 */
const MODULE_TABLES = {
  agenda: ['agenda'],
  audit: ['audit'],
  communication: ['communication'],
  automations: ['automations'],
  calls: ['calls'],
  auth: ['sessions', 'sign-in'],
  contacts: ['contacts', 'contact-addresses'],
  conversations: ['conversations'],
  email: ['email'],
  mail: [],
  messages: ['messages', 'idempotency-keys', 'note-mentions'],
  onboarding: ['invitation-codes'],
  organizations: ['organizations'],
  passwords: ['passwords'],
  'phone-settings': ['phone-settings'],
  sandbox: ['sandbox'],
  'scheduled-messages': ['scheduled-messages'],
  links: ['short-links'],
  statistics: ['statistics'],
  library: ['posts'],
  teams: ['teams', 'team-schedules'],
  users: ['users'],
  attachments: ['attachments'],
  'secure-files': ['secure-files'],
  labels: ['labels'],
  'messaging-v1': ['polling'],
};

/**
 * The reads across modules' tables allowed for speed, each with its reason (the only ones).
 * Both also read tables in raw SQL, which no import rule sees: their docstrings say which.
 */
const TABLE_EXCEPTIONS = [
  {
    file: 'apps/server/src/modules/statistics/compute-daily-rollups.ts',
    tables: ['conversations', 'messages', 'calls'],
    reason:
      'the daily roll-ups count a span of days of one organisation from its conversations, messages and calls (call_recordings) in one read-only SQL statement, per team and local day: one round trip per organisation and run (docs/behaviour/statistics.md)',
  },
  {
    file: 'apps/server/src/modules/messages/inbound-statement.ts',
    tables: ['contacts', 'conversations'],
    reason:
      'one SQL statement per inbound text (and per batch) finds the team and the contact, upserts the conversation and inserts the message: ingest is bound by round trips (docs/benchmarks.md)',
  },
  {
    file: 'apps/server/src/modules/messaging-v1/polling-log.ts',
    tables: ['teams', 'organizations'],
    reason:
      "keeping a polled event reads its team's organisation and country in the insert itself: one round trip per inbox event, and no write for organisations outside France (docs/behaviour/france.md)",
  },
  {
    file: 'apps/server/src/modules/auth/session-store.ts',
    tables: ['users'],
    reason:
      "findSessionAccess reads the session and its user's role and team in the one prepared statement every authenticated request runs",
  },
];

/** A server module reaches another only through its index.ts; the server never imports the web app. */
const SERVER_MODULE_PATTERNS = [
  {
    regex: '^\\.\\./(?!\\.\\./)[^/]+/(?!index$)',
    message: 'another module is reached through its index.ts (its public use cases) only',
  },
  { group: ['@accueil/web', '**/apps/web/**'], message: 'the server does not import the web app' },
];

/** One block per module (and per exception): imports of tables other than its own fail. */
function tableOwnershipRules() {
  const block = (files, ignores, tables, message) => ({
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_MODULE_PATTERNS,
            { regex: `/db/schema/(?!(?:${tables.join('|')})$)`, message },
          ],
        },
      ],
    },
  });
  const exceptionFiles = TABLE_EXCEPTIONS.map((e) => e.file);
  return [
    ...Object.entries(MODULE_TABLES).map(([module, tables]) =>
      block(
        [`apps/server/src/modules/${module}/**/*.ts`],
        ['**/*.test.ts', ...exceptionFiles],
        tables,
        `the ${module} module imports only its own tables (${tables.join(', ')}); reach another module's data through its index.ts`,
      ),
    ),
    ...TABLE_EXCEPTIONS.map((e) => {
      const module = e.file.split('/')[4];
      return block(
        [e.file],
        [],
        [...MODULE_TABLES[module], ...e.tables],
        `allowed here for speed only: ${e.reason}`,
      );
    }),
  ];
}

/**
 * Type-aware lint with the boundary rules: web ↛ server, domain ↛ apps, a server module ↛
 * another module's internals or tables (above), a carrier ↛ the database or a module.
 */
export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'scripts/**',
      '*.config.{js,ts}',
      'apps/*/*.config.ts',
      'apps/server/build.mjs',
      'apps/web/.size-limit.mjs',
    ],
  },
  // Files the web app serves as they are (no bundling, no types): see each file's comment.
  { ignores: ['apps/web/public/**'] },
  // Stryker's configs and ignore-plugins, its sandboxes and its reports (npm run mutation).
  { ignores: ['mutation/*.{mjs,ts}', '.stryker-tmp*/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@accueil/server', '@accueil/web'],
              message: 'domain imports nothing from the apps',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@accueil/server'],
              message: 'the web app talks to the server through the API only',
            },
          ],
          // The aggregate table would put every module's endpoints (and their schemas) in the chunk
          // of whichever screen imports it, the inbox's first load included.
          paths: [
            {
              name: '@accueil/domain',
              importNames: ['endpoints'],
              message: "import the module's own table instead (conversationEndpoints, contactEndpoints…)",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_MODULE_PATTERNS }] },
  },
  ...tableOwnershipRules(),
  {
    files: ['apps/server/src/carriers/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/**', '**/modules/**'],
              message:
                'a carrier never reads the database nor imports a module: the app passes it what it needs (CarrierInbox)',
            },
            ...SERVER_MODULE_PATTERNS.slice(1),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
