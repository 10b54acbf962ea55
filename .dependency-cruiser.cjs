/**
 * The layer matrix of docs/architecture.md: who may import whom. Type-only imports count too: a
 * type names the module it comes from as surely as a value does.
 *   domain -> domain; infra -> domain; projections -> infra, domain;
 *   app -> projections, infra, domain; mcp -> app, domain; api -> mcp (mounting), app, domain;
 *   cli, bench and test -> anything.
 */
const layers = ['domain', 'infra', 'projections', 'app', 'mcp', 'api']
const allowed = {
  domain: ['domain'],
  infra: ['infra', 'domain'],
  projections: ['projections', 'infra', 'domain'],
  app: ['app', 'projections', 'infra', 'domain'],
  mcp: ['mcp', 'app', 'domain'],
  api: ['api', 'mcp', 'app', 'domain'],
}

module.exports = {
  forbidden: [
    ...layers.map((layer) => ({
      name: `${layer}-imports`,
      comment: `${layer}/ may import only ${allowed[layer].join(', ')}`,
      severity: 'error',
      from: { path: `^${layer}/`, pathNot: '\\.test\\.ts$' },
      to: { path: `^(${layers.filter((other) => !allowed[layer].includes(other)).join('|')}|cli|bench|test)/` },
    })),
    {
      name: 'api-mounts-mcp-only',
      comment: 'api/ mounts the MCP server (mcp/http.ts) and nothing else of mcp/',
      severity: 'error',
      from: { path: '^api/', pathNot: '\\.test\\.ts$' },
      to: { path: '^mcp/', pathNot: '^mcp/http\\.ts$' },
    },
    {
      name: 'no-circular',
      comment: 'an import circle (type-only ones included) makes the modules one unit; break it',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|themes)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
}
