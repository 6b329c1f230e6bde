import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GRAPHQL_STYLES } from '../../generators/app-layout';
import { interceptorBaseName, interceptorPath } from '../../generators/interceptor/normalize';
import { findObjectType } from '../../generators/paginated/normalize';
import { normalizeResourceOptions } from '../../generators/resource/normalize';
import { FileChanges } from '../../generators/utils/file-changes';
import { readManifest } from '../../generators/utils/manifest';
import { namesOf } from '../../generators/utils/names';
import { featureExistsProblem, nameProblem } from '../../generators/utils/validate-name';

/**
 * Names for the generator suite's runs, each checked free in the scratch copy it runs in: the copy holds whatever
 * the user generated (a `Novel`, an interceptor `Audit`, `PaginatedWarrior`), so no name can be assumed free.
 * Each kind of name is the first free one of its candidates, and never one handed out before.
 */
export class FreeNames {
  private readonly given = new Set<string>();

  constructor(private readonly root: string) {}

  /** A feature name that `resource` accepts on every API and endpoint (`Novel`, else `Romance`, …). */
  feature(...candidates: string[]): string {
    return this.first('feature', candidates, (name) => this.featureIsFree(name));
  }

  /** An interceptor name (`Audit` for AuditInterceptor) with no file and no manifest entry yet. */
  interceptor(...candidates: string[]): string {
    return this.first('interceptor', candidates, (name) => {
      const Name = interceptorBaseName(name);
      return !existsSync(join(this.root, interceptorPath(Name))) && !this.recorded(`${Name}Interceptor`);
    });
  }

  /** A type name that neither the source nor its page type (`Paginated<Name>`) nor a feature folder uses. */
  objectType(...candidates: string[]): string {
    return this.first('object type', candidates, (Name) => {
      const { kebabNames } = namesOf(Name);
      return (
        findObjectType(this.root, Name).length === 0 &&
        findObjectType(this.root, `Paginated${Name}`).length === 0 &&
        !existsSync(join(this.root, 'src', kebabNames)) &&
        !this.recorded(`Paginated${Name}`) &&
        this.featureIsFree(Name)
      );
    });
  }

  private first(kind: string, candidates: string[], isFree: (name: string) => boolean): string {
    const name = candidates.find(
      (candidate) => !this.given.has(namesOf(candidate).Name) && isFree(candidate),
    );
    if (name === undefined) {
      throw new Error(`no free ${kind} name in ${this.root} among ${candidates.join(', ')}: add candidates`);
    }
    this.given.add(namesOf(name).Name);
    return name;
  }

  private recorded(key: string): boolean {
    return Object.hasOwn(readManifest(new FileChanges(this.root)).features, key);
  }

  /** What the generators check before writing: the name, the folder, the manifest, the tests, every schema. */
  private featureIsFree(name: string): boolean {
    const { Name, kebabNames } = namesOf(name);
    if (nameProblem(name, 'name', 'Book') ?? featureExistsProblem(this.root, `src/${kebabNames}`))
      return false;
    if (this.recorded(Name)) return false;
    const tests = [`test/${kebabNames}.e2e-spec.ts`, `test/fixtures/${kebabNames}.ts`];
    if (tests.some((path) => existsSync(join(this.root, path)))) return false;
    try {
      for (const style of GRAPHQL_STYLES) normalizeResourceOptions({ name, api: 'both', style }, this.root);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * A hand-written code-first type of the test's own (`src/<things>/models/<thing>.model.ts`), for `paginated` to
 * page through, with its page type too when `paginated` is to find one; the files, by path.
 */
export function objectTypeFiles(Name: string, { withPage = false } = {}): Record<string, string> {
  const { kebabName, kebabNames } = namesOf(Name);
  const folder = `src/${kebabNames}/models`;
  const type = (className: string) =>
    `@ObjectType()\nexport class ${className} {\n  @Field(() => Int)\n  id: number;\n}\n`;
  return {
    [`${folder}/${kebabName}.model.ts`]: `import { Field, Int, ObjectType } from '@nestjs/graphql';\n\n${type(Name)}`,
    ...(withPage && {
      [`${folder}/paginated-${kebabName}.model.ts`]: `import { Field, Int, ObjectType } from '@nestjs/graphql';\n\n${type(`Paginated${Name}`)}`,
    }),
  };
}
