import js from '@eslint/js'
import tseslint from 'typescript-eslint'

const otherLayers = ['projections', 'app', 'api', 'mcp', 'infra', 'cli', 'bench', 'test']

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.emporium/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // dependency-cruiser reads its configuration as CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    // Theme scripts run in the shopper's browser, as plain scripts.
    files: ['themes/**/assets/*.js'],
    languageOptions: { sourceType: 'script', globals: { window: 'readonly', document: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-throw-literal': 'error',
    },
  },
  {
    // The domain is pure: it may import only itself, zod and node built-ins. Its tests may use
    // the shared test support.
    files: ['domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: otherLayers.flatMap((layer) => [`**/${layer}`, `**/${layer}/**`]),
              message: 'domain/ is pure: it must not import from projections, api, mcp, infra, cli or test.',
            },
            {
              group: ['pg', 'kysely', 'fastify', 'mercurius', '@electric-sql/*', '@kurrent/*', 'pino'],
              message: 'domain/ is pure: no I/O libraries.',
            },
          ],
        },
      ],
    },
  },
)
