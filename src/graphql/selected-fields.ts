import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from 'graphql';

/**
 * Whether the client selected `fieldName` directly under the current field, through fragments too
 * (`@skip`/`@include` are not evaluated: a conditionally selected field counts as selected).
 */
export function isFieldSelected(info: GraphQLResolveInfo, fieldName: string): boolean {
  return info.fieldNodes.some((node: FieldNode) => selects(node.selectionSet, fieldName, info));
}

function selects(set: SelectionSetNode | undefined, fieldName: string, info: GraphQLResolveInfo): boolean {
  return (set?.selections ?? []).some((selection) => {
    switch (selection.kind) {
      case 'Field':
        return selection.name.value === fieldName;
      case 'InlineFragment':
        return selects(selection.selectionSet, fieldName, info);
      case 'FragmentSpread':
        return selects(info.fragments[selection.name.value]?.selectionSet, fieldName, info);
    }
  });
}
