import {
  getNamedType,
  getNullableType,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLOutputType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** The limits every GraphQL endpoint applies to a document before running it (configured in environment.ts). */
export interface GraphqlLimits {
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxCost: number;
  maxTokens: number;
}

/** The size a list is assumed to have when costing a query (pages are at most 100, usually 10). */
export const ASSUMED_LIST_SIZE = 10;

interface Measure {
  depth: number;
  aliases: number;
  directives: number;
  cost: number;
}

const NOTHING: Measure = { depth: 0, aliases: 0, directives: 0, cost: 0 };

// Introspection has its own rule (off in production) and its standard query is deep: not counted.
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/** The return type of `parent.field`, when the schema knows it (unknown fields are another rule's error). */
function fieldType(parent: GraphQLNamedType | undefined, name: string): GraphQLOutputType | undefined {
  if (!isObjectType(parent) && !isInterfaceType(parent)) return undefined;
  return parent.getFields()[name]?.type;
}

/** How many times a field's selections run: once per item of each list level of its type. */
function listFactor(type: GraphQLOutputType | undefined): number {
  let factor = 1;
  for (let inner = type && getNullableType(type); isListType(inner); inner = getNullableType(inner.ofType)) {
    factor *= ASSUMED_LIST_SIZE;
  }
  return factor;
}

/**
 * Measures an operation's selections with every fragment spread expanded where it is used. Each fragment is
 * measured once (memo), so a document that reuses fragments exponentially costs linear time to measure; a
 * fragment cycle counts nothing more (NoFragmentCyclesRule reports it).
 */
class Measurer {
  private readonly fragments = new Map<string, Measure>();
  private readonly inProgress = new Set<string>();

  constructor(private readonly context: ValidationContext) {}

  selections(selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined): Measure {
    const total = { ...NOTHING };
    for (const selection of selectionSet.selections) {
      let part: Measure;
      if (selection.kind === Kind.FIELD) {
        if (INTROSPECTION_ROOTS.has(selection.name.value)) continue;
        const type = fieldType(parent, selection.name.value);
        const child = selection.selectionSet
          ? this.selections(selection.selectionSet, type && getNamedType(type))
          : NOTHING;
        part = {
          depth: child.depth + 1,
          aliases: child.aliases + (selection.alias ? 1 : 0),
          directives: child.directives,
          cost: 1 + listFactor(type) * child.cost,
        };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        part = this.selections(
          selection.selectionSet,
          condition ? this.context.getSchema().getType(condition) : parent,
        );
      } else {
        part = this.fragment(selection.name.value);
      }
      total.depth = Math.max(total.depth, part.depth);
      total.aliases += part.aliases;
      total.directives += part.directives + (selection.directives?.length ?? 0);
      total.cost += part.cost;
    }
    return total;
  }

  private fragment(name: string): Measure {
    const known = this.fragments.get(name);
    if (known) return known;
    const definition = this.context.getFragment(name);
    if (!definition || this.inProgress.has(name)) return NOTHING;
    this.inProgress.add(name);
    const measure = this.selections(
      definition.selectionSet,
      this.context.getSchema().getType(definition.typeCondition.name.value),
    );
    this.inProgress.delete(name);
    this.fragments.set(name, measure);
    return measure;
  }
}

/**
 * A validation rule that refuses an operation that is too deep, has too many aliases or directives, or costs
 * too much (1 per field, a list field's selections times ASSUMED_LIST_SIZE per list level). Apollo answers
 * such a document with HTTP 400 and GRAPHQL_VALIDATION_FAILED, before any resolver runs.
 */
export function graphqlLimitsRule(limits: Omit<GraphqlLimits, 'maxTokens'>): ValidationRule {
  return (context) => {
    const measurer = new Measurer(context);
    return {
      OperationDefinition(operation) {
        const root = context.getSchema().getRootType(operation.operation) ?? undefined;
        const measure = measurer.selections(operation.selectionSet, root);
        const checks: Array<[string, number, number]> = [
          ['depth', measure.depth, limits.maxDepth],
          ['aliases', measure.aliases, limits.maxAliases],
          ['directives', measure.directives + (operation.directives?.length ?? 0), limits.maxDirectives],
          ['cost', measure.cost, limits.maxCost],
        ];
        for (const [what, found, limit] of checks) {
          if (found > limit) {
            context.reportError(
              new GraphQLError(`Query ${what} ${found} exceeds the limit of ${limit}.`, { nodes: operation }),
            );
          }
        }
        return false; // measured as a whole: nothing more to visit
      },
    };
  };
}
