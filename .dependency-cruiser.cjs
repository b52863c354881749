/**
 * The dependency rule of DESIGN.md §1: a context imports only @tuerca/contracts and @tuerca/platform,
 * never another context; the platform kernel and the contracts import no context.
 */
const contexts = ['identity', 'catalog', 'billing', 'marketplace', 'garage', 'agenda', 'notifications', 'analytics', 'integrations'];

module.exports = {
  forbidden: [
    ...contexts.map((ctx) => ({
      name: `${ctx}-imports-no-other-context`,
      severity: 'error',
      comment: 'Contexts talk through events and their own read models, never by importing each other.',
      // A context's integration tests may boot identity beside it (to log people in); its code may not.
      from: { path: `^services/${ctx}/`, pathNot: `^services/${ctx}/test/` },
      to: { path: `^services/(${contexts.filter((c) => c !== ctx).join('|')})/` },
    })),
    {
      name: 'kernel-imports-no-context',
      severity: 'error',
      from: { path: '^(services/platform|contracts)/' },
      to: { path: `^services/(${contexts.join('|')}|app)/` },
    },
    {
      name: 'only-the-app-imports-billing-client',
      severity: 'error',
      comment:
        "billing's published client (its ports over HTTP) is bound by the composition root when billing runs elsewhere; " +
        'contexts inject the port by its token from contracts (METERING_PORT), the kernel knows neither.',
      from: { path: '^(services|contracts)/', pathNot: '^services/(app|billing)/' },
      to: { path: '^services/billing/src/client/' },
    },
    {
      name: 'contexts-do-not-import-the-app',
      severity: 'error',
      from: { path: `^services/(${contexts.join('|')})/` },
      to: { path: '^services/app/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^(services|contracts)/' },
      to: { circular: true, pathNot: 'entity\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'default'],
      extensions: ['.ts', '.js', '.mjs'],
    },
    combinedDependencies: true,
  },
};
