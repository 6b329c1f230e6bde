import type { Field } from '../utils/fields';
import { FieldSpecError } from '../utils/fields';
import { namesOf, type Names, snakeCase } from '../utils/names';
import type { Apis, FileImports } from './field-code';
import { hasManyOf, type HasManyNames, type ParentType } from './parents';

const VALIDATORS = '../../common/validation/field-validators';

/** `tags:many{Tag}` as every layer writes it: the join table, the names of its ids, both sides' GraphQL fields. */
export interface ManyRelation {
  /** `tags`: GraphQL's `Novel.tags`. */
  field: string;
  /** `tagIds`: the input's (and REST answer's) set of ids. */
  key: string;
  /** `tagId`: the list's filter, and the join table's key of the other side. */
  idKey: string;
  /** `Tag`, `Tags`: method names (`loadByTag`, `getTagIdsOf`, `loadTags`). */
  One: string;
  Field: string;
  parent: ParentType;
  /** `novels_tags` (`novelsTags`): one row per pair, its keys `novelId` (`novel_id`) and `tagId` (`tag_id`). */
  join: { table: string; variable: string; ownKey: string; ownColumn: string; otherColumn: string };
  /** The parent's field listing the feature's records (`Tag.novels`, `Tag.novelsAsLabel`), in its own resolver file. */
  hasMany: HasManyNames;
  hasManyFile: string;
  HasManyClass: string;
  /** An owned feature's set of an owned parent's records: the actor must own each (or be an admin). */
  ownedParent: boolean;
  /** The e2e test can delete a parent on the feature's endpoint (and REST), to see its pairs go. */
  parentDeletedOnEndpoint: boolean;
  parentDeletedOnRest: boolean;
  modelDecorators: string[];
  createDecorators: string[];
  updateDecorators: string[];
}

/**
 * The feature's `many` fields, with the decorators of their `tagIds` (imported into `imports`). `codeFirst`: the
 * classes carry GraphQL's decorators; `owned`: the feature's, for the owned-parent rule.
 */
export function manyRelationsOf(
  feature: Names,
  fields: readonly Field[],
  parents: readonly ParentType[],
  { apis, owned, schemaFirst }: { apis: Apis; owned: boolean; schemaFirst: boolean },
  imports: FileImports,
): ManyRelation[] {
  return fields.flatMap((field) => {
    if (field.type !== 'many') return [];
    const parent = parents.find((candidate) => candidate.Name === field.parent);
    if (!parent || !field.foreignKey || !field.filterKey) {
      throw new Error(`${field.name}: many ${field.parent}, which is not a parent type`);
    }
    const one = namesOf(field.name);
    const ownKey = `${feature.name}Id`;
    if (field.filterKey === ownKey) {
      throw new FieldSpecError(
        `field "${field.name}": its join table would hold ${ownKey} twice (the ${feature.word}'s and the ${parent.word}'s): choose another name`,
      );
    }
    const hasMany = hasManyOf(feature, one.name, parent);
    return [
      {
        field: field.name,
        key: field.foreignKey,
        idKey: field.filterKey,
        One: one.Name,
        Field: one.Names,
        parent,
        join: {
          table: `${feature.snakeNames}_${snakeCase(field.name)}`,
          variable: `${feature.names}${one.Names}`,
          ownKey,
          ownColumn: `${snakeCase(feature.name)}_id`,
          otherColumn: snakeCase(field.filterKey),
        },
        hasMany,
        hasManyFile: `${parent.kebabName}-${hasMany.kebab}`,
        HasManyClass: `${parent.Name}${hasMany.Name}`,
        ownedParent: owned && parent.owned,
        parentDeletedOnEndpoint: parent.fixture && (schemaFirst ? parent.schemaFirst : parent.graphql),
        parentDeletedOnRest: parent.fixture && parent.rest,
        ...decoratorsOf(field.foreignKey, parent, apis, imports),
      },
    ];
  });
}

/** `tagIds` on the model (REST answers) and in both inputs: optional, at most MAX_IDS, replacing the set. */
function decoratorsOf(key: string, parent: ParentType, apis: Apis, imports: FileImports) {
  const description = `The ids of its ${parent.words}`;
  const modelDecorators: string[] = [];
  if (apis.rest) {
    modelDecorators.push(
      `@ApiProperty({ type: 'integer', isArray: true, description: '${description}, in id order.' })`,
    );
    imports.model.add('@nestjs/swagger', ['ApiProperty']);
  }
  const inputDecorators = (to: FileImports['create']) => {
    const decorators: string[] = [];
    const inputDescription = `${description} (at most 100, repeats ignored): the whole set, [] for none.`;
    if (apis.graphql) {
      decorators.push(`@Field(() => [Int], { nullable: true, description: '${inputDescription}' })`);
      to.add('@nestjs/graphql', ['Field', 'Int']);
    }
    if (apis.rest) {
      decorators.push(
        `@ApiPropertyOptional({ type: 'integer', isArray: true, maxItems: MAX_IDS, description: '${inputDescription}' })`,
      );
      to.add('@nestjs/swagger', ['ApiPropertyOptional']);
      to.add(VALIDATORS, ['MAX_IDS']);
    }
    decorators.push('@IsOptional()', '@IsIdList()');
    to.add('class-validator', ['IsOptional']);
    to.add(VALIDATORS, ['IsIdList']);
    return decorators;
  };
  return {
    modelDecorators,
    createDecorators: inputDecorators(imports.create),
    updateDecorators: inputDecorators(imports.update),
  };
}
