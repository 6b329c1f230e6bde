import {
  type ArgumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getIntrospectionQuery,
  getNamedType,
  getNullableType,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type ValidationRule,
  visit,
} from 'graphql';
import { type MaxItems, maxItemsOf } from './max-items';
import { costOfValue } from './max-size';

/** The limits every GraphQL endpoint applies to a document before running it (configured in environment.ts). */
export interface GraphqlLimits {
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxCost: number;
}

/**
 * Characters of one alias. An alias is one token of any length and comes back as a key of every item it names:
 * a long one multiplies the response (and its serialisation) by the number of items, whatever the cost says.
 */
export const MAX_ALIAS_LENGTH = 64;

/**
 * Items counted for a list field that declares no bound (`@maxItems`): the largest page of this API, so an
 * undeclared list is not counted cheaper than a declared one.
 */
export const DEFAULT_LIST_SIZE = 100;

/** Aliases and directives count the whole operation; depth and cost count introspection apart (see below). */
interface Measure {
  depth: number;
  aliases: number;
  directives: number;
  cost: number;
  introspectionDepth: number;
  introspectionCost: number;
}

const NOTHING: Measure = {
  depth: 0,
  aliases: 0,
  directives: 0,
  cost: 0,
  introspectionDepth: 0,
  introspectionCost: 0,
};

/** Sizes that a field's `sizedFields` give to list fields of the object it returns (a page's nodes, edges). */
type Sizes = ReadonlyMap<string, number>;

/*
 * Introspection (off in production) is measured like any field, its lists sized by the schema itself (how many
 * types, the most fields of a type...), but its depth and cost are checked apart, against at least what the
 * standard introspection query (GraphiQL's, codegen's) measures on the same schema: its `ofType` chains are deeper
 * than GRAPHQL_MAX_DEPTH, and the whole schema costs more than one page of data. One full introspection passes;
 * two, or a deeper one, do not. Its aliases and directives count toward the usual limits.
 */
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);

const META_FIELDS = new Map<string, GraphQLField<unknown, unknown>>([
  ['__schema', SchemaMetaFieldDef],
  ['__type', TypeMetaFieldDef],
  ['__typename', TypeNameMetaFieldDef],
]);

/** The definition of `parent.field`, when the schema knows it (unknown fields are another rule's error). */
function fieldDefinition(
  parent: GraphQLNamedType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  const meta = META_FIELDS.get(name);
  if (meta) return meta;
  if (!isObjectType(parent) && !isInterfaceType(parent)) return undefined;
  return parent.getFields()[name];
}

const introspectionSizes = new WeakMap<GraphQLSchema, ReadonlyMap<string, number>>();

/** The most items each list of introspection can hold on this schema (`__Type.fields`: the most fields of a type). */
function introspectionListSizes(schema: GraphQLSchema): ReadonlyMap<string, number> {
  let sizes = introspectionSizes.get(schema);
  if (!sizes) {
    sizes = countIntrospectionLists(schema);
    introspectionSizes.set(schema, sizes);
  }
  return sizes;
}

function countIntrospectionLists(schema: GraphQLSchema): ReadonlyMap<string, number> {
  const types = Object.values(schema.getTypeMap());
  const withFields = types.filter((type) => isObjectType(type) || isInterfaceType(type));
  const fields = withFields.flatMap((type) => Object.values(type.getFields()));
  const directives = schema.getDirectives();
  const most = (counts: number[]) => Math.max(0, ...counts);
  return new Map([
    ['__Schema.types', types.length],
    ['__Schema.directives', directives.length],
    ['__Type.fields', most(withFields.map((type) => Object.keys(type.getFields()).length))],
    ['__Type.interfaces', most(withFields.map((type) => type.getInterfaces().length))],
    [
      '__Type.possibleTypes',
      most(types.filter(isAbstractType).map((type) => schema.getPossibleTypes(type).length)),
    ],
    ['__Type.enumValues', most(types.filter(isEnumType).map((type) => type.getValues().length))],
    [
      '__Type.inputFields',
      most(types.filter(isInputObjectType).map((type) => Object.keys(type.getFields()).length)),
    ],
    ['__Field.args', most(fields.map((field) => field.args.length))],
    ['__Directive.args', most(directives.map((directive) => directive.args.length))],
    ['__Directive.locations', most(directives.map((directive) => directive.locations.length))],
  ]);
}

/** The standard introspection query with every option on: the most a client's introspection asks for. */
export const FULL_INTROSPECTION_QUERY = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
});
const FULL_INTROSPECTION = parse(FULL_INTROSPECTION_QUERY);

const introspectionAllowances = new WeakMap<GraphQLSchema, Measure>();

/** What the full introspection query measures on this schema; computed once per schema. */
function introspectionAllowance(schema: GraphQLSchema): Measure {
  let allowance = introspectionAllowances.get(schema);
  if (!allowance) {
    const fragments = new Map(
      FULL_INTROSPECTION.definitions
        .filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION)
        .map((fragment) => [fragment.name.value, fragment]),
    );
    const [operation] = FULL_INTROSPECTION.definitions.filter(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    );
    allowance = new Measurer(schema, (name) => fragments.get(name)).operation(operation);
    introspectionAllowances.set(schema, allowance);
  }
  return allowance;
}

/** The operation's variables, coerced (their defaults applied); undefined where they are not known yet. */
export type VariableValues = Readonly<Record<string, unknown>>;

/**
 * Items a declared list holds for this use of the field: the `sizedBy` argument as written (an Int, a list's
 * length) or as its variable's value (its default when the variable is left out), the argument's default when
 * left out, `max` for null or for a variable whose value is not known (`variables` undefined).
 */
function declaredSize(
  bound: MaxItems,
  definition: GraphQLField<unknown, unknown>,
  node: FieldNode,
  variables: VariableValues | undefined,
): number {
  const clamp = (size: number) => Math.min(Math.max(size, 0), bound.max);
  if (!bound.sizedBy) return bound.max;
  const argument = definition.args.find((arg) => arg.name === bound.sizedBy);
  const isList = argument !== undefined && isListType(getNullableType(argument.type));
  const sizeOf = (given: unknown) => {
    if (Array.isArray(given)) return clamp(given.length);
    if (typeof given !== 'number' || !Number.isInteger(given)) return bound.max;
    // One value where a list is expected is a list of one (input coercion).
    return isList ? 1 : clamp(given);
  };
  const value = node.arguments?.find((arg: ArgumentNode) => arg.name.value === bound.sizedBy)?.value;
  // A variable left out (no value, no default of its own) leaves the argument out: its default applies.
  const leftOut =
    !value || (value.kind === Kind.VARIABLE && variables !== undefined && !(value.name.value in variables));
  if (leftOut) {
    const fallback: unknown = argument?.defaultValue;
    return typeof fallback === 'number' || Array.isArray(fallback) ? sizeOf(fallback) : bound.max;
  }
  if (value.kind === Kind.VARIABLE) return variables ? sizeOf(variables[value.name.value]) : bound.max;
  if (value.kind === Kind.LIST) return clamp(value.values.length);
  if (value.kind !== Kind.INT) return bound.max;
  return sizeOf(Number(value.value));
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
export class Measurer {
  private readonly fragments = new Map<string, Measure>();
  private readonly inProgress = new Set<string>();
  private readonly introspectionSizes: ReadonlyMap<string, number>;

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragmentNamed: (name: string) => FragmentDefinitionNode | undefined | null,
    /** The operation's variables, for lists sized by one; unknown at validation. */
    private readonly variables?: VariableValues,
  ) {
    this.introspectionSizes = introspectionListSizes(schema);
  }

  operation(operation: OperationDefinitionNode): Measure {
    const measure = this.selections(
      operation.selectionSet,
      this.schema.getRootType(operation.operation) ?? undefined,
    );
    return { ...measure, directives: measure.directives + (operation.directives?.length ?? 0) };
  }

  selections(selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined, sized?: Sizes): Measure {
    const total = { ...NOTHING };
    for (const selection of selectionSet.selections) {
      let part: Measure;
      if (selection.kind === Kind.FIELD) {
        const definition = fieldDefinition(parent, selection.name.value);
        const bound = definition && maxItemsOf(definition);
        const size = bound
          ? declaredSize(bound, definition, selection, this.variables)
          : parent && this.introspectionSizes.get(`${parent.name}.${selection.name.value}`);
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
        const depth = child.depth + 1;
        // An object field costs 1 and its selections once per item; a leaf costs 1 per value (a long one, its size).
        const cost = selection.selectionSet
          ? 1 + factor * child.cost
          : factor * (definition ? costOfValue(definition) : 1);
        const introspection = INTROSPECTION_ROOTS.has(selection.name.value);
        part = {
          ...child,
          depth: introspection ? 0 : depth,
          cost: introspection ? 0 : cost,
          aliases: child.aliases + (selection.alias ? 1 : 0),
          introspectionDepth: introspection ? depth : child.introspectionDepth,
          introspectionCost: introspection ? cost : child.introspectionCost,
        };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition?.name.value;
        part = this.selections(
          selection.selectionSet,
          condition ? this.schema.getType(condition) : parent,
          sized,
        );
      } else {
        part = this.fragment(selection.name.value, sized);
      }
      total.depth = Math.max(total.depth, part.depth);
      total.aliases += part.aliases;
      total.directives += part.directives + (selection.directives?.length ?? 0);
      total.cost += part.cost;
      total.introspectionDepth = Math.max(total.introspectionDepth, part.introspectionDepth);
      total.introspectionCost += part.introspectionCost;
    }
    return total;
  }

  private fragment(name: string, sized: Sizes | undefined): Measure {
    const key = sized ? `${name} ${JSON.stringify([...sized])}` : name;
    const known = this.fragments.get(key);
    if (known) return known;
    const definition = this.fragmentNamed(name);
    if (!definition || this.inProgress.has(name)) return NOTHING;
    this.inProgress.add(name);
    const measure = this.selections(
      definition.selectionSet,
      this.schema.getType(definition.typeCondition.name.value),
      sized,
    );
    this.inProgress.delete(name);
    this.fragments.set(key, measure);
    return measure;
  }
}

/** Whether the operation declares variables: its cost depends on their values. */
export const usesVariables = (operation: OperationDefinitionNode) =>
  (operation.variableDefinitions?.length ?? 0) > 0;

/**
 * A validation rule that refuses an operation that is too deep, has too many aliases or directives, or costs
 * too much: 1 per field and per value (a `@maxSize` value one per 1 024 characters), a list field's selections
 * once per item it can hold (its `@maxItems` bound, DEFAULT_LIST_SIZE when it declares none), so the cost is an
 * upper bound of the values it can answer.
 * Introspection counts too: its aliases and directives with the rest, its depth and cost against what one full
 * introspection measures, or the usual limits if they are higher.
 * Apollo answers such a document with HTTP 400 and GRAPHQL_VALIDATION_FAILED, before any resolver runs.
 */
export function graphqlLimitsRule(limits: GraphqlLimits): ValidationRule {
  return (context) => {
    const schema = context.getSchema();
    const measurer = new Measurer(schema, (name) => context.getFragment(name));
    return {
      Document(document) {
        // Fragments included: every field node of the document, wherever it is used.
        visit(document, {
          Field(field) {
            if (field.alias && field.alias.value.length > MAX_ALIAS_LENGTH) {
              context.reportError(
                new GraphQLError(`An alias is longer than ${MAX_ALIAS_LENGTH} characters.`, {
                  nodes: field.alias,
                }),
              );
            }
          },
        });
      },
      OperationDefinition(operation) {
        const measure = measurer.operation(operation);
        const checks: Array<[string, number, number]> = [
          ['depth', measure.depth, limits.maxDepth],
          ['aliases', measure.aliases, limits.maxAliases],
          ['directives', measure.directives, limits.maxDirectives],
        ];
        // An operation with variables is priced once their values are known (cost-limit.ts): at the variables'
        // values, as the same operation with literals is priced here.
        if (!usesVariables(operation)) checks.push(['cost', measure.cost, limits.maxCost]);
        if (measure.introspectionCost > 0) {
          const allowance = introspectionAllowance(schema);
          checks.push(
            [
              'introspection depth',
              measure.introspectionDepth,
              Math.max(limits.maxDepth, allowance.introspectionDepth),
            ],
            [
              'introspection cost',
              measure.introspectionCost,
              Math.max(limits.maxCost, allowance.introspectionCost),
            ],
          );
        }
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
