import { type ImportOf, morph, parse } from '../../generators/utils/wiring';

/** The named imports of `text` whose module specifier `matches` (e.g. one that resolves into a removed folder). */
export function namedImportsFrom(path: string, text: string, matches: (from: string) => boolean): ImportOf[] {
  return parse(path, text)
    .getImportDeclarations()
    .filter((declaration) => matches(declaration.getModuleSpecifierValue()))
    .flatMap((declaration) =>
      declaration
        .getNamedImports()
        .map((named) => ({ name: named.getName(), from: declaration.getModuleSpecifierValue() })),
    );
}

/** `text` without the top-level `const` declarations named `names` (their whole statements). */
export function removeConstants(path: string, text: string, names: readonly string[]): string {
  const file = parse(path, text);
  for (const statement of file.getVariableStatements()) {
    const declared = statement.getDeclarations().map((declaration) => declaration.getName());
    if (declared.every((name) => names.includes(name))) statement.remove();
  }
  return file.getFullText();
}

/**
 * `text` without what uses the identifiers `names` (imports that go): their elements in array literals
 * (`[users, authors]`), the statements that mention them (`await tx.insert(authors)…;`) and their imports.
 * Throws when a use is left that is neither (it needs a person to decide).
 */
export function removeUsesOf(path: string, text: string, names: readonly string[]): string {
  const { Node, SyntaxKind } = morph();
  const file = parse(path, text);
  const isRemoved = (node: import('ts-morph').Node) =>
    Node.isIdentifier(node) && names.includes(node.getText());
  // A property's name (`row.posts`, `{ posts: … }`) is not a use of the import.
  const isPropertyName = (identifier: import('ts-morph').Node) => {
    const parent = identifier.getParent();
    return (
      (Node.isPropertyAccessExpression(parent) || Node.isPropertyAssignment(parent)) &&
      parent.getNameNode() === identifier
    );
  };
  for (const array of file.getDescendantsOfKind(SyntaxKind.ArrayLiteralExpression).reverse()) {
    for (const element of array.getElements().filter(isRemoved).reverse()) array.removeElement(element);
  }
  // The innermost statement around each use (not the transaction around `await tx.insert(authors)…;`).
  const statements = new Set(
    file
      .getDescendantsOfKind(SyntaxKind.Identifier)
      .filter((identifier) => isRemoved(identifier) && !isPropertyName(identifier))
      .map((identifier) => identifier.getFirstAncestorByKind(SyntaxKind.ExpressionStatement))
      .filter((statement) => statement !== undefined),
  );
  for (const statement of [...statements].reverse()) {
    if (!statement.wasForgotten()) statement.remove();
  }
  for (const declaration of file.getImportDeclarations()) {
    for (const named of declaration.getNamedImports()) {
      if (names.includes(named.getName())) named.remove();
    }
    if (
      declaration.getNamedImports().length === 0 &&
      !declaration.getDefaultImport() &&
      !declaration.getNamespaceImport()
    ) {
      declaration.remove();
    }
  }
  const left = file
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .filter((identifier) => isRemoved(identifier) && !isPropertyName(identifier));
  if (left.length > 0) {
    const lines = left.map(
      (identifier) => `${path}:${identifier.getStartLineNumber()} ${identifier.getText()}`,
    );
    throw new Error(`these uses of removed code need a person to take them out:\n  ${lines.join('\n  ')}`);
  }
  return file.getFullText();
}
