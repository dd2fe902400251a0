import {
  GraphQLError,
  Lexer,
  Source,
  TokenKind,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import {
  ALIAS_LIST_DEFAULT_LIMIT,
  ErrorCode,
  serverMessages,
  type ServerMessageKey,
} from '@podium/protocol';

/**
 * SECURITY: what one GraphQL operation may ask for (issue 10: four requests of 1,000–5,000
 * aliased `aliases(...)` fields stalled the whole server for 80 s). Every limit is checked
 * before a resolver runs; an operation over one is answered 400 with `query_too_complex`.
 *
 * - tokens: graphql-js stops lexing past this many, so a megabyte of aliases costs microseconds
 *   and never reaches validation (whose overlapping-fields rule is quadratic);
 * - aliases and depth: graphql-armor's rules, reported as ordinary validation errors;
 * - cost: graphql-query-complexity with the variables of the request, where list fields weigh
 *   their child selection times the size they will return (`limit`) and every root field,
 *   each a database round trip, weighs ROOT_FIELD_COST.
 *
 * The web app's largest operation (one alias with all its fields) has about 40 tokens, depth 2
 * and cost 51; a full page of 100 aliases with every field costs 4,210.
 */
export const GRAPHQL_LIMITS = {
  maxTokens: 2_000,
  maxAliases: 15,
  maxDepth: 6,
  maxCost: 10_000,
} as const;

/** A root field runs a resolver that reaches the database: it weighs like this many fields. */
export const ROOT_FIELD_COST = 10;

/**
 * Lists whose length is not the `limit` argument: the size they are counted with. Speakers are
 * loaded with their alias (no query of their own); an event may have up to 100, most have few.
 */
const LIST_SIZES: Record<string, number> = {
  'Alias.speakers': 10,
  'Query.wallet_balance': 5,
};

const QUERY_TOO_COMPLEX_KEY: ServerMessageKey = 'errors.query_too_complex';

/** The error every limit answers with: the common message, the reason, the code. */
export function queryTooComplex(reason: string): GraphQLError {
  return new GraphQLError(`${serverMessages[QUERY_TOO_COMPLEX_KEY]} (${reason})`, {
    extensions: { code: ErrorCode.QueryTooComplex, key: QUERY_TOO_COMPLEX_KEY },
  });
}

/**
 * The document's first `GRAPHQL_LIMITS.maxTokens + 1` tokens are lexed (no tree is built); more
 * than the limit is refused before mercurius parses or looks the document up in its cache.
 * A syntax error is left to the parser, which reports it with its position.
 */
export function checkTokenCount(source: string): void {
  const lexer = new Lexer(new Source(source));
  let count = 0;
  try {
    while (lexer.advance().kind !== TokenKind.EOF) {
      count += 1;
      if (count > GRAPHQL_LIMITS.maxTokens) {
        throw queryTooComplex(`more than ${GRAPHQL_LIMITS.maxTokens} tokens`);
      }
    }
  } catch (error) {
    if (error instanceof GraphQLError && error.extensions.code === ErrorCode.QueryTooComplex) {
      throw error;
    }
  }
}

/** graphql-armor phrases its errors as syntax errors; keep only the reason. */
function armorReason(error: GraphQLError): string {
  return error.message.replace(/^Syntax Error:\s*/, '').replace(/\.$/, '');
}

function reportTo(context: ValidationContext | null, error: GraphQLError): void {
  context?.reportError(queryTooComplex(armorReason(error)));
}

/**
 * Refuses `__schema` and `__type` (introspection); `__typename` stays allowed. Names beginning
 * with `__` are reserved for introspection, so the name alone decides (and no type object from
 * another copy of graphql-js is compared).
 */
export const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    const name = node.name.value;
    if (name !== '__schema' && name !== '__type') return;
    context.reportError(
      new GraphQLError(`GraphQL introspection is turned off on this server (${name})`, {
        nodes: node,
        extensions: { code: ErrorCode.Validation, key: 'errors.validation' },
      }),
    );
  },
});

/** Validation rules that depend only on the document (mercurius caches their outcome). */
export function graphqlValidationRules(options: { introspection: boolean }): ValidationRule[] {
  const armor = { propagateOnRejection: false, exposeLimits: true, onReject: [reportTo] };
  return [
    maxAliasesRule({ n: GRAPHQL_LIMITS.maxAliases, ...armor }),
    maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth, ...armor }),
    ...(options.introspection ? [] : [noIntrospectionRule]),
  ];
}

function asCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * Fields that return `limit` entries (`limit` or `input.limit`, else the default the service
 * applies). A limit above the service's maximum is refused by the resolver's schema anyway;
 * counted as asked, it is refused here first.
 */
const LIMITED_LISTS: Record<string, number> = {
  'Query.aliases': ALIAS_LIST_DEFAULT_LIMIT,
};

/** Weighs a field: its own cost plus its selection times the size of the list it returns. */
const estimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  const key = `${type.name}.${field.name}`;
  const own = type.name === 'Query' || type.name === 'Mutation' ? ROOT_FIELD_COST : 1;
  const input = args.input as Record<string, unknown> | null | undefined;
  const asked = asCount(args.limit) ?? asCount(input?.limit);
  const defaultSize = LIMITED_LISTS[key];
  const size = defaultSize !== undefined ? (asked ?? defaultSize) : (LIST_SIZES[key] ?? 1);
  return own + childComplexity * size;
};

/** The cost of running `document` with `variables` (every operation in it, summed). */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | undefined,
): number {
  return getComplexity({
    schema,
    query: document,
    variables: variables ?? {},
    estimators: [estimator],
  });
}
