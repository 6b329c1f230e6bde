import type { OnDelete } from '../utils/fields';
import { namesOf, type Names } from '../utils/names';
import type { FieldCode } from './field-code';
import { hasManyOf, type HasManyNames, type ParentType } from './parents';

/** An `author:references` field as the templates read it: the key (`authorId`), the object field, the parent. */
export interface Relation {
  key: string;
  field: string;
  /** `Author`, `AuthorIds`: for method names (`loadByAuthor`, `getFirstByAuthorIds`). */
  Field: string;
  Keys: string;
  parent: ParentType;
  nullable: boolean;
  parentPage: boolean;
  /** The parent's field listing the feature's records by this key (`novels`, `novelsAsTranslator`). */
  hasMany: HasManyNames;
  /** `<parent>-<hasMany>`: the has-many resolver's file (`writer-novels-as-translator`) and class names. */
  hasManyFile: string;
  HasManyClass: string;
  /** What deleting the parent does (the e2e test checks it): refused (409), or the records deleted, or unset. */
  onDelete: OnDelete;
  cascade: boolean;
  setNull: boolean;
  /** An owned feature's reference to an owned parent: the actor must own the parent (or be an admin). */
  ownedParent: boolean;
  /** The e2e test can make a parent and delete it on the feature's endpoint (a generated one of that style). */
  parentDeletedOnEndpoint: boolean;
  /** Another reference of the feature to the same parent, whose key (`writerId`) the e2e test reads too. */
  sharesParent: boolean;
  otherKey?: string;
}

/** The feature's references (its `fields` with a parent), for a feature of these options. */
export function relationsOf(
  feature: Names,
  fields: readonly FieldCode[],
  { owned, codeFirst, schemaFirst }: { owned: boolean; codeFirst: boolean; schemaFirst: boolean },
): Relation[] {
  return fields.flatMap((field) => {
    if (!field.relation) return [];
    const { parent, onDelete } = field.relation;
    const Field = namesOf(field.relation.field).Name;
    const hasMany = hasManyOf(feature, field.relation.field, parent);
    return [
      {
        ...field.relation,
        key: field.name,
        Field,
        Keys: `${Field}Ids`,
        // A page query of the parent on this endpoint: generated parents have one on each, the app's on code-first.
        parentPage: parent.fixture || codeFirst,
        hasMany,
        hasManyFile: `${parent.kebabName}-${hasMany.kebab}`,
        HasManyClass: `${parent.Name}${hasMany.Name}`,
        // An owned child may hang only under its actor's own parents (any, for an admin).
        ownedParent: owned && parent.owned,
        cascade: onDelete === 'cascade',
        setNull: onDelete === 'set null',
        parentDeletedOnEndpoint: parent.fixture && (schemaFirst ? parent.schemaFirst : parent.graphql),
        ...otherReferenceTo(parent, field.name, fields),
      },
    ];
  });
}

/** Another reference of the feature's `fields` to `parent` than `key`'s (several may point at one parent). */
function otherReferenceTo(parent: ParentType, key: string, fields: readonly FieldCode[]) {
  const other = fields.find((field) => field.name !== key && field.relation?.parent.Name === parent.Name);
  return { sharesParent: other !== undefined, otherKey: other?.name };
}

/** Each parent of `relations` once, in order. */
export const uniqueParents = (relations: ReadonlyArray<{ parent: ParentType }>): ParentType[] => [
  ...new Map(relations.map(({ parent }) => [parent.Name, parent])).values(),
];

/**
 * A reference (or a set) would show a private feature's records to people other than their owners: the parent's
 * has-many field lists a private child's records, a child's `<field>` shows a private parent.
 */
export function referencePrivacyProblem(
  isPrivate: boolean,
  relations: ReadonlyArray<{ field: string; parent: ParentType }>,
): string | undefined {
  const [first] = relations;
  if (isPrivate && first) {
    return `field "${first.field}": a --private feature takes no references: ${first.parent.Name}'s list of its children would show every owner's records`;
  }
  const toPrivate = relations.find(({ parent }) => parent.isPrivate);
  return (
    toPrivate &&
    `field "${toPrivate.field}": references ${toPrivate.parent.Name}, a --private feature, whose records only their owners may see`
  );
}
