import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { APP_LAYOUT } from '../app-layout';
import { listFiles } from '../utils/file-changes';
import { kebabCase } from '../utils/names';
import type { Answers } from '../utils/options';
import { decoratedClasses } from '../utils/wiring';

export interface PaginatedOptions {
  /** The existing type, e.g. `Warrior` */
  Name: string;
  kebabName: string;
  /** Folder of the type's file, where the page type goes (`src/warriors/models`) */
  modelDir: string;
  /** The type's file without extension, imported from beside it (`warrior.model`) */
  typeFile: string;
  paginatedImport: string;
}

function sourceFiles(root: string): string[] {
  return listFiles(join(root, 'src'))
    .filter((file) => file.endsWith('.ts') && !/\.(spec|generated)\.ts$/.test(file))
    .map((file) => relative(root, file));
}

/** Files declaring a concrete `@ObjectType()` class of that name. */
export function findObjectType(root: string, name: string): string[] {
  return sourceFiles(root).filter((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    return (
      new RegExp(`class ${name}\\b`).test(text) && decoratedClasses(file, text, 'ObjectType').includes(name)
    );
  });
}

export function paginatedTypeProblem(root: string, name: string): string | undefined {
  const files = findObjectType(root, name);
  if (files.length === 0) {
    return `there is no @ObjectType() class ${name} in src/ (give the name of an existing code-first type, e.g. Warrior)`;
  }
  if (files.length > 1) return `${name} is declared in several files (${files.join(', ')}); rename one first`;
  if (findObjectType(root, `Paginated${name}`).length > 0)
    return `Paginated${name} already exists; nothing was generated`;
  return undefined;
}

export function normalizePaginatedOptions(root: string, answers: Answers): PaginatedOptions {
  const Name = String(answers.type);
  const [file] = findObjectType(root, Name);
  const modelDir = dirname(file);
  const toPaginated = relative(modelDir, APP_LAYOUT.paginatedType);
  return {
    Name,
    kebabName: kebabCase(Name),
    modelDir,
    typeFile: file.slice(modelDir.length + 1).replace(/\.ts$/, ''),
    paginatedImport: toPaginated.startsWith('.') ? toPaginated : `./${toPaginated}`,
  };
}
