import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { listFiles } from '../utils/file-changes';

// A class or enum the source exports, or an enum's `enumName` in an @ApiProperty.
const DECLARED = /\bexport\s+(?:abstract\s+)?(?:class|enum)\s+(\w+)|\benumName:\s*['"](\w+)['"]/g;

/** The schemas a REST feature adds to the OpenAPI document: its model, its two inputs and its enums. */
export function featureOpenapiNames(feature: { Name: string; enums: Array<{ name: string }> }): string[] {
  const { Name } = feature;
  return [
    Name,
    `Create${Name}Input`,
    `Update${Name}Input`,
    ...feature.enums.map((enumType) => enumType.name),
  ];
}

/** The class and enum names of the app's source (specs left out), each with the first file that declares it. */
function declaredNames(root: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of listFiles(join(root, 'src'))) {
    if (!file.endsWith('.ts') || file.endsWith('.spec.ts')) continue;
    for (const [, type, enumName] of readFileSync(file, 'utf8').matchAll(DECLARED)) {
      const name = type ?? enumName;
      if (!names.has(name)) names.set(name, relative(root, file));
    }
  }
  return names;
}

/**
 * Why the feature's OpenAPI schemas cannot join the document, or undefined. Swagger keys a schema by its class or
 * enum name alone: a REST feature `BookGenre` would replace the enum `BookGenre` in /docs-json, and every `$ref` to
 * it would point at the feature's model instead, with nothing failing.
 */
export function openapiNameProblem(root: string, schemas: string[]): string | undefined {
  const declared = declaredNames(root);
  const taken = schemas.find((name) => declared.has(name));
  return (
    taken &&
    `the app has a class or enum named ${taken} already (${declared.get(taken)}), which names an OpenAPI schema too`
  );
}
