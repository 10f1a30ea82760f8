import {
  CamelCasePlugin,
  type PluginTransformQueryArgs,
  PGliteDialect,
  PostgresDialect,
  PostgresQueryCompiler,
  type QueryCompiler,
  type RootOperationNode,
} from 'kysely';

// The code names tables and columns in camelCase, the database in snake_case. Kysely's CamelCasePlugin
// does it by copying every query's whole tree with its identifiers renamed before compiling it, which
// was about a tenth of what a negotiation move allocates. Here the compiler renames each identifier
// as it writes it (every identifier, as the plugin did), and the plugin is left with the rows' keys.

/** Rows come back with camelCase keys; queries pass through as built, for the compiler to rename. */
export class CamelCaseRows extends CamelCasePlugin {
  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  /** The plugin's own (memoised) renaming, which the compiler uses. */
  toSnakeCase(name: string): string {
    return this.snakeCase(name);
  }
}

/** The one instance: its memoised names serve the compiler and the rows alike. */
export const camelCaseRows = new CamelCaseRows();

class SnakeCaseQueryCompiler extends PostgresQueryCompiler {
  protected override sanitizeIdentifier(identifier: string): string {
    return super.sanitizeIdentifier(camelCaseRows.toSnakeCase(identifier));
  }
}

export class SnakeCasePostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SnakeCaseQueryCompiler();
  }
}

export class SnakeCasePGliteDialect extends PGliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SnakeCaseQueryCompiler();
  }
}
