import type { Node, ObjectLiteralExpression, Project, SourceFile } from 'ts-morph';

/** A named import the wired-in code needs. */
export interface ImportOf {
  name: string;
  from: string;
}

/** The arrays of `@Module({...})` metadata a generator may register something in. */
export const MODULE_PROPERTIES = ['imports', 'providers', 'controllers', 'exports'] as const;
export type ModuleProperty = (typeof MODULE_PROPERTIES)[number];

/**
 * One registration a generator made, as the manifest records it so that `destroy` can take it out again:
 * `element` in `list` of `file`, where `list` is a `@Module()` property (`imports`) or an array constant
 * (`CODE_FIRST_FEATURES`), and the import the element needs.
 */
export interface Registration {
  file: string;
  list: ModuleProperty | string;
  element: string;
  import: ImportOf;
  /** Other names the element needs (`APP_INTERCEPTOR` for a provider object), taken out with it when unused. */
  uses?: ImportOf[];
}

type TsMorph = typeof import('ts-morph');
let tsMorph: TsMorph | undefined;
let project: Project | undefined;

/**
 * ts-morph (the TypeScript compiler, ~0.25 s to load), loaded at the first edit rather than with the plopfile:
 * the menu, --help and a refused input never need it, and a regeneration started early gets that much ahead.
 */
export function morph(): TsMorph {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (tsMorph ??= require('ts-morph') as TsMorph);
}

/** `text` parsed in one in-memory project: the edits only parse files, they never type-check or touch the disk. */
export function parse(path: string, text: string): SourceFile {
  const { Project, QuoteKind } = morph();
  project ??= new Project({
    useInMemoryFileSystem: true,
    skipFileDependencyResolution: true,
    manipulationSettings: { quoteKind: QuoteKind.Single },
  });
  return project.createSourceFile(path, text, { overwrite: true });
}

/**
 * A name `text` would bind twice: imported twice (a feature `Page`, whose model meets the `Page` type its service
 * imports) or imported and declared (an interceptor `Nest`, whose class `NestInterceptor` meets the interface it
 * implements). TypeScript refuses both; said before anything is written, the name can be changed instead.
 */
export function doubleBinding(path: string, text: string): string | undefined {
  const file = parse(path, text);
  const imported = new Map<string, string>();
  for (const declaration of file.getImportDeclarations()) {
    const from = declaration.getModuleSpecifierValue();
    const names = [
      declaration.getDefaultImport()?.getText(),
      declaration.getNamespaceImport()?.getText(),
      ...declaration
        .getNamedImports()
        .map((named) => (named.getAliasNode() ?? named.getNameNode()).getText()),
    ];
    for (const name of names.filter((name): name is string => name !== undefined)) {
      const earlier = imported.get(name);
      if (earlier !== undefined) return `${path} would import ${name} twice (from ${earlier} and ${from})`;
      imported.set(name, from);
    }
  }
  const declared = [
    ...file.getClasses(),
    ...file.getFunctions(),
    ...file.getEnums(),
    ...file.getInterfaces(),
    ...file.getTypeAliases(),
    ...file.getVariableDeclarations(),
  ].map((declaration) => declaration.getName());
  const clash = declared.find((name) => name !== undefined && imported.has(name));
  return clash && `${path} would declare ${clash}, which it imports from ${imported.get(clash)}`;
}

/** The relative module specifiers `text` imports or re-exports from (`./models/book.model`), in order. */
export function relativeImportsOf(path: string, text: string): string[] {
  const file = parse(path, text);
  return [...file.getImportDeclarations(), ...file.getExportDeclarations()]
    .map((declaration) => declaration.getModuleSpecifierValue())
    .filter((specifier): specifier is string => specifier !== undefined && isRelative(specifier));
}

/** Parses `text`, lets `change` edit the tree, and returns the new text (or the text `change` returns). */
function edit(path: string, text: string, change: (file: SourceFile) => string | void): string {
  const file = parse(path, text);
  return change(file) ?? file.getFullText();
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

/**
 * Removes each named import unless the file still uses the name elsewhere, and the whole declaration
 * once it imports nothing; returns the file's text.
 */
function removeImports(file: SourceFile, imports: ImportOf[]): string {
  const { SyntaxKind } = morph();
  const emptied = new Set<string>();
  for (const { name, from } of imports) {
    const declaration = file.getImportDeclaration(
      (candidate) => candidate.getModuleSpecifierValue() === from,
    );
    const specifier = declaration?.getNamedImports().find((named) => named.getName() === name);
    if (!declaration || !specifier) continue;
    const used = file
      .getDescendantsOfKind(SyntaxKind.Identifier)
      .some(
        (identifier) =>
          identifier.getText() === name && !identifier.getFirstAncestorByKind(SyntaxKind.ImportDeclaration),
      );
    if (used) continue;
    if (
      declaration.getNamedImports().length > 1 ||
      declaration.getDefaultImport() ||
      declaration.getNamespaceImport()
    ) {
      specifier.remove();
    } else {
      emptied.add(from);
    }
  }
  // Whole lines cut from the text: ts-morph's remove() would also take the blank line after the last import.
  const text = file.getFullText();
  const lines = file
    .getImportDeclarations()
    .filter((declaration) => emptied.has(declaration.getModuleSpecifierValue()))
    .map((declaration) => [declaration.getStartLinePos(), declaration.getEnd()] as const)
    .reverse();
  const result = lines.reduce(
    (cut, [start, end]) => cut.slice(0, start) + cut.slice(text[end] === '\n' ? end + 1 : end),
    text,
  );
  // No import left on top: no blank line left there either.
  return text.startsWith('\n') ? result : result.replace(/^\n+/, '');
}

const sameCode = (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

function addArrayElement(array: Node, element: string): void {
  const literal = array.asKindOrThrow(morph().SyntaxKind.ArrayLiteralExpression);
  if (!literal.getElements().some((existing) => sameCode(existing.getText(), element))) {
    literal.addElement(element);
  }
}

function removeArrayElement(array: Node, element: string): void {
  const literal = array.asKindOrThrow(morph().SyntaxKind.ArrayLiteralExpression);
  const found = literal.getElements().find((existing) => sameCode(existing.getText(), element));
  if (found) literal.removeElement(found);
}

function moduleMetadata(path: string, file: SourceFile, element: string): ObjectLiteralExpression {
  const decorator = file
    .getClasses()
    .map((declaration) => declaration.getDecorator('Module'))
    .find((found) => found !== undefined);
  if (!decorator) throw new Error(`${path} has no @Module() class to register ${element} in`);
  const metadata = decorator.getArguments()[0] as ObjectLiteralExpression | undefined;
  if (!metadata || !morph().Node.isObjectLiteralExpression(metadata)) {
    throw new Error(`${path}: @Module() has no metadata object`);
  }
  return metadata;
}

function arrayConstant(path: string, file: SourceFile, constant: string, element: string): Node {
  const declaration = file.getVariableDeclaration(constant);
  if (!declaration) throw new Error(`${path} has no ${constant} to register ${element} in`);
  let initializer = declaration.getInitializerOrThrow();
  // `[...] as const` and `[...] satisfies X` keep the array one level down.
  const { isAsExpression, isSatisfiesExpression } = morph().Node;
  while (isAsExpression(initializer) || isSatisfiesExpression(initializer)) {
    initializer = initializer.getExpression();
  }
  return initializer;
}

/**
 * Adds `element` to one array of the `@Module({...})` metadata (imports, providers, controllers),
 * with its imports. Idempotent: running it twice changes nothing the second time.
 */
export function addToModule(
  path: string,
  text: string,
  property: ModuleProperty,
  element: string,
  imports: ImportOf[],
): string {
  return edit(path, text, (file) => {
    const metadata = moduleMetadata(path, file, element);
    const found = metadata.getProperty(property);
    if (!found) metadata.addPropertyAssignment({ name: property, initializer: `[${element}]` });
    else
      addArrayElement(
        found.asKindOrThrow(morph().SyntaxKind.PropertyAssignment).getInitializerOrThrow(),
        element,
      );
    addImports(file, imports);
  });
}

/** Undoes `addToModule`: takes `element` out of the array and drops the imports nothing else uses. */
export function removeFromModule(
  path: string,
  text: string,
  property: ModuleProperty,
  element: string,
  imports: ImportOf[],
): string {
  return edit(path, text, (file) => {
    const found = moduleMetadata(path, file, element).getProperty(property);
    if (found) {
      removeArrayElement(
        found.asKindOrThrow(morph().SyntaxKind.PropertyAssignment).getInitializerOrThrow(),
        element,
      );
    }
    return removeImports(file, imports);
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
    addArrayElement(arrayConstant(path, file, constant, element), element);
    addImports(file, imports);
  });
}

/** Undoes `addToArrayConstant`: takes `element` out of the array and drops the imports nothing else uses. */
export function removeFromArrayConstant(
  path: string,
  text: string,
  constant: string,
  element: string,
  imports: ImportOf[],
): string {
  return edit(path, text, (file) => {
    removeArrayElement(arrayConstant(path, file, constant, element), element);
    return removeImports(file, imports);
  });
}

const isModuleProperty = (list: string): list is ModuleProperty =>
  (MODULE_PROPERTIES as readonly string[]).includes(list);

const importsOf = (registration: Registration) => [...(registration.uses ?? []), registration.import];

/** Makes a recorded registration in the text of its file. */
export function register(text: string, registration: Registration): string {
  const { file, list, element } = registration;
  return isModuleProperty(list)
    ? addToModule(file, text, list, element, importsOf(registration))
    : addToArrayConstant(file, text, list, element, importsOf(registration));
}

/** Takes a recorded registration out of the text of its file again. */
export function unregister(text: string, registration: Registration): string {
  const { file, list, element } = registration;
  return isModuleProperty(list)
    ? removeFromModule(file, text, list, element, importsOf(registration))
    : removeFromArrayConstant(file, text, list, element, importsOf(registration));
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
  return parse(path, text)
    .getClasses()
    .filter((declaration) => declaration.getDecorator(decorator) && !declaration.isAbstract())
    .map((declaration) => declaration.getNameOrThrow());
}
