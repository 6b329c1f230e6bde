import {
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isLeafType,
  isListType,
  isObjectType,
  isRequiredArgument,
} from 'graphql';

/** Leaf fields shown per object: enough to see the shape, short enough to read. */
const LEAVES_SHOWN = 4;
const INDENT = '  ';

type AnyField = GraphQLField<unknown, unknown>;

const callableBare = (field: AnyField) => !field.args.some(isRequiredArgument);

const fieldsOf = (type: GraphQLObjectType) => Object.values(type.getFields()).filter(callableBare);

/** The object type of a list-of-objects field, or undefined. */
function listedObject(field: AnyField): GraphQLObjectType | undefined {
  const type = getNullableType(field.type);
  const item = isListType(type) ? getNamedType(type) : undefined;
  return item && isObjectType(item) ? item : undefined;
}

/** The node type of a page (an object with a `nodes` list of objects), or undefined. */
function pageNode(field: AnyField): GraphQLObjectType | undefined {
  const page = getNamedType(field.type);
  const nodes = isObjectType(page) ? page.getFields().nodes : undefined;
  return nodes && listedObject(nodes);
}

const leaves = (type: GraphQLObjectType) =>
  fieldsOf(type)
    .filter((field) => isLeafType(getNamedType(field.type)))
    .sort((a, b) => Number(b.name === 'id') - Number(a.name === 'id'))
    .slice(0, LEAVES_SHOWN)
    .map((field) => field.name);

const nestedList = (node: GraphQLObjectType) =>
  fieldsOf(node).find((field) => listedObject(field) && leaves(listedObject(field)!).length > 0);

function selection(lines: string[], depth: number): string {
  const pad = INDENT.repeat(depth);
  return `{\n${lines.map((line) => `${pad}${INDENT}${line}`).join('\n')}\n${pad}}`;
}

function nodeSelection(node: GraphQLObjectType, depth: number): string {
  const nested = nestedList(node);
  const lines = leaves(node);
  if (nested) lines.push(`${nested.name} ${selection(leaves(listedObject(nested)!), depth + 1)}`);
  return selection(lines, depth);
}

const operationName = (field: string) => field[0].toUpperCase() + field.slice(1);

/**
 * The query GraphiQL opens with: a page of the first list the schema offers (one whose items hold a list of their
 * own first, "authors with their posts"), which runs without a token since queries are public. Derived from the
 * schema, so it follows the features a copy of the app has; an app with none opens on `me`.
 */
export function exampleQuery(schema: GraphQLSchema): string {
  const pages = fieldsOf(schema.getQueryType()!).filter((field) => pageNode(field));
  const page = pages.find((field) => nestedList(pageNode(field)!)) ?? pages[0];
  if (!page) return SIGNED_IN_USER_QUERY;
  const nodes = `nodes ${nodeSelection(pageNode(page)!, 2)}`;
  return `# Runs as it is: queries need no token. Press the run button (or Ctrl-Enter).
query ${operationName(page.name)} {
  ${page.name} {
    ${nodes}
  }
}
`;
}

/** The fallback: the signed-in user, which every copy of the app has (accounts are not part of the demo). */
export const SIGNED_IN_USER_QUERY = `# The signed-in user. Log in first (POST /auth/login with {"username": "alice", "password": "alice-password"}
# on a seeded database), then put {"Authorization": "Bearer <access_token>"} in the Headers tab below and run.
query Me {
  me {
    id
    username
    roles
  }
}
`;
