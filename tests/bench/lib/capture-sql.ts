import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import type { Core } from '@server/core.js';

export type Statement = { sql: string; parameters: unknown[] };

/** Records the SQL a query runs, as the app's Kysely compiles it (names in snake_case). */
export async function captureSql(core: Core, run: (core: Core) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const executor = core.db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const compiled = executor.compileQuery(node, queryId);
      statements.push({ sql: compiled.sql, parameters: [...compiled.parameters] });
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await run({ ...core, db: core.db.withPlugin(recorder) });
  return statements;
}
