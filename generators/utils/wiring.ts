import { Node, ObjectLiteralExpression, Project, QuoteKind, SourceFile, SyntaxKind } from 'ts-morph';

/** A named import the wired-in code needs. */
export interface ImportOf {
  name: string;
  from: string;
}

// One in-memory project: the edits only parse files, they never type-check or touch the disk.
const project = new Project({
  useInMemoryFileSystem: true,
  skipFileDependencyResolution: true,
  manipulationSettings: { quoteKind: QuoteKind.Single },
});

function edit(path: string, text: string, change: (file: SourceFile) => void): string {
  const file = project.createSourceFile(path, text, { overwrite: true });
  change(file);
  return file.getFullText();
}

const isRelative = (specifier: string) => specifier.startsWith('.');

/** Where an import of `from` goes so that packages come first, then relative paths, each in order. */
function sortedImportIndex(file: SourceFile, from: string): number {
  const imports = file.getImportDeclarations();
  const rank = (specifier: string) => `${isRelative(specifier) ? 1 : 0}${specifier}`;
  const next = imports.find((declaration) => rank(declaration.getModuleSpecifierValue()) > rank(from));
  if (next) return next.getChildIndex();
  const last = imports.at(-1);
  return last ? last.getChildIndex() + 1 : 0;
}

function addImports(file: SourceFile, imports: ImportOf[]): void {
  for (const { name, from } of imports) {
    const existing = file.getImportDeclaration(
      (declaration) => declaration.getModuleSpecifierValue() === from,
    );
    if (!existing) {
      file.insertImportDeclaration(sortedImportIndex(file, from), {
        namedImports: [name],
        moduleSpecifier: from,
      });
    } else if (!existing.getNamedImports().some((named) => named.getName() === name)) {
      existing.addNamedImport(name);
    }
  }
}

function addArrayElement(array: Node, element: string): void {
  const literal = array.asKindOrThrow(SyntaxKind.ArrayLiteralExpression);
  const normalize = (text: string) => text.replace(/\s+/g, '');
  if (!literal.getElements().some((existing) => normalize(existing.getText()) === normalize(element))) {
    literal.addElement(element);
  }
}

/**
 * Adds `element` to one array of the `@Module({...})` metadata (imports, providers, controllers),
 * with its imports. Idempotent: running it twice changes nothing the second time.
 */
export function addToModule(
  path: string,
  text: string,
  property: 'imports' | 'providers' | 'controllers' | 'exports',
  element: string,
  imports: ImportOf[],
): string {
  return edit(path, text, (file) => {
    const decorator = file
      .getClasses()
      .map((declaration) => declaration.getDecorator('Module'))
      .find((found) => found !== undefined);
    if (!decorator) throw new Error(`${path} has no @Module() class to register ${element} in`);
    const metadata = decorator.getArguments()[0] as ObjectLiteralExpression | undefined;
    if (!metadata || !Node.isObjectLiteralExpression(metadata)) {
      throw new Error(`${path}: @Module() has no metadata object`);
    }
    const found = metadata.getProperty(property);
    if (!found) metadata.addPropertyAssignment({ name: property, initializer: `[${element}]` });
    else addArrayElement(found.asKindOrThrow(SyntaxKind.PropertyAssignment).getInitializerOrThrow(), element);
    addImports(file, imports);
  });
}

/** Adds `element` to the array a `const` is initialised with (e.g. an endpoint's list of feature modules). */
export function addToArrayConstant(
  path: string,
  text: string,
  constant: string,
  element: string,
  imports: ImportOf[],
): string {
  return edit(path, text, (file) => {
    const declaration = file.getVariableDeclaration(constant);
    if (!declaration) throw new Error(`${path} has no ${constant} to register ${element} in`);
    let initializer = declaration.getInitializerOrThrow();
    // `[...] as const` and `[...] satisfies X` keep the array one level down.
    while (Node.isAsExpression(initializer) || Node.isSatisfiesExpression(initializer)) {
      initializer = initializer.getExpression();
    }
    addArrayElement(initializer, element);
    addImports(file, imports);
  });
}

/** Adds `export * from '<from>'` (e.g. a new table to the schema barrel) unless it is there. */
export function addExportAll(path: string, text: string, from: string): string {
  return edit(path, text, (file) => {
    if (!file.getExportDeclaration((declaration) => declaration.getModuleSpecifierValue() === from)) {
      file.addExportDeclaration({ moduleSpecifier: from });
    }
  });
}

/** The names of the classes in a file that carry the given decorator (e.g. ObjectType). */
export function decoratedClasses(path: string, text: string, decorator: string): string[] {
  const file = project.createSourceFile(path, text, { overwrite: true });
  return file
    .getClasses()
    .filter((declaration) => declaration.getDecorator(decorator) && !declaration.isAbstract())
    .map((declaration) => declaration.getNameOrThrow());
}
