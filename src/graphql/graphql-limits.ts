import {
  type ArgumentNode,
  type FieldNode,
  getNamedType,
  getNullableType,
  GraphQLError,
  type GraphQLField,
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
import { type MaxItems, maxItemsOf } from './max-items';

/** The limits every GraphQL endpoint applies to a document before running it (configured in environment.ts). */
export interface GraphqlLimits {
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxCost: number;
  maxTokens: number;
}

/**
 * Items counted for a list field that declares no bound (`@maxItems`): the largest page of this API, so an
 * undeclared list is not counted cheaper than a declared one.
 */
export const DEFAULT_LIST_SIZE = 100;

interface Measure {
  depth: number;
  aliases: number;
  directives: number;
  cost: number;
}

const NOTHING: Measure = { depth: 0, aliases: 0, directives: 0, cost: 0 };

/** Sizes that a field's `sizedFields` give to list fields of the object it returns (a page's nodes, edges). */
type Sizes = ReadonlyMap<string, number>;

// Introspection has its own rule (off in production) and its standard query is deep: not counted.
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

/** The definition of `parent.field`, when the schema knows it (unknown fields are another rule's error). */
function fieldDefinition(
  parent: GraphQLNamedType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (!isObjectType(parent) && !isInterfaceType(parent)) return undefined;
  return parent.getFields()[name];
}

/**
 * Items a declared list holds for this use of the field: the `sizedBy` argument as written (an Int, a list's
 * length), its default when left out, `max` for a variable or null (unknown until the operation runs).
 */
function declaredSize(bound: MaxItems, definition: GraphQLField<unknown, unknown>, node: FieldNode): number {
  const clamp = (size: number) => Math.min(Math.max(size, 0), bound.max);
  if (!bound.sizedBy) return bound.max;
  const argument = definition.args.find((arg) => arg.name === bound.sizedBy);
  const value = node.arguments?.find((arg: ArgumentNode) => arg.name.value === bound.sizedBy)?.value;
  if (!value) {
    const fallback: unknown = argument?.defaultValue;
    if (typeof fallback === 'number') return clamp(fallback);
    return Array.isArray(fallback) ? clamp(fallback.length) : bound.max;
  }
  if (value.kind === Kind.LIST) return clamp(value.values.length);
  if (value.kind !== Kind.INT) return bound.max;
  // One value where a list is expected is a list of one (input coercion).
  return argument && isListType(getNullableType(argument.type)) ? 1 : clamp(Number(value.value));
}

/** How many times a field's selections run: the product of the sizes of its type's list levels. */
function listFactor(type: GraphQLOutputType | undefined, outer: number, inner: number): number {
  let factor = 1;
  let level = 0;
  for (let t = type && getNullableType(type); isListType(t); t = getNullableType(t.ofType)) {
    factor *= level === 0 ? outer : inner;
    level += 1;
  }
  return factor;
}

/**
 * Measures an operation's selections with every fragment spread expanded where it is used. Each fragment is
 * measured once per set of sizes it is used with (memo), so a document that reuses fragments exponentially costs
 * linear time to measure; a fragment cycle counts nothing more (NoFragmentCyclesRule reports it).
 */
class Measurer {
  private readonly fragments = new Map<string, Measure>();
  private readonly inProgress = new Set<string>();

  constructor(private readonly context: ValidationContext) {}

  selections(selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined, sized?: Sizes): Measure {
    const total = { ...NOTHING };
    for (const selection of selectionSet.selections) {
      let part: Measure;
      if (selection.kind === Kind.FIELD) {
        if (INTROSPECTION_ROOTS.has(selection.name.value)) continue;
        const definition = fieldDefinition(parent, selection.name.value);
        const bound = definition && maxItemsOf(definition);
        const size = bound && declaredSize(bound, definition, selection);
        // A page's bound sizes its list fields (nodes, edges), not the page itself.
        const childSized = bound?.sizedFields && new Map(bound.sizedFields.map((name) => [name, size!]));
        const child = selection.selectionSet
          ? this.selections(selection.selectionSet, definition && getNamedType(definition.type), childSized)
          : NOTHING;
        const outer = sized?.get(selection.name.value) ?? (childSized ? undefined : size);
        const factor = listFactor(
          definition?.type,
          outer ?? DEFAULT_LIST_SIZE,
          bound?.innerMax ?? DEFAULT_LIST_SIZE,
        );
        part = {
          depth: child.depth + 1,
          aliases: child.aliases + (selection.alias ? 1 : 0),
          directives: child.directives,
          // An object field costs 1 and its selections once per item; a leaf costs 1 per value.
          cost: selection.selectionSet ? 1 + factor * child.cost : factor,
        };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        part = this.selections(
          selection.selectionSet,
          condition ? this.context.getSchema().getType(condition) : parent,
          sized,
        );
      } else {
        part = this.fragment(selection.name.value, sized);
      }
      total.depth = Math.max(total.depth, part.depth);
      total.aliases += part.aliases;
      total.directives += part.directives + (selection.directives?.length ?? 0);
      total.cost += part.cost;
    }
    return total;
  }

  private fragment(name: string, sized: Sizes | undefined): Measure {
    const key = sized ? `${name} ${JSON.stringify([...sized])}` : name;
    const known = this.fragments.get(key);
    if (known) return known;
    const definition = this.context.getFragment(name);
    if (!definition || this.inProgress.has(name)) return NOTHING;
    this.inProgress.add(name);
    const measure = this.selections(
      definition.selectionSet,
      this.context.getSchema().getType(definition.typeCondition.name.value),
      sized,
    );
    this.inProgress.delete(name);
    this.fragments.set(key, measure);
    return measure;
  }
}

/**
 * A validation rule that refuses an operation that is too deep, has too many aliases or directives, or costs
 * too much: 1 per field and per value, a list field's selections once per item it can hold (its `@maxItems`
 * bound, DEFAULT_LIST_SIZE when it declares none), so the cost is an upper bound of the values it can answer.
 * Apollo answers such a document with HTTP 400 and GRAPHQL_VALIDATION_FAILED, before any resolver runs.
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
