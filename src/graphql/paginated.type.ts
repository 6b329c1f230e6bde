import type { Type } from '@nestjs/common';
import { Field, Int, ObjectType } from '@nestjs/graphql';

/** Opaque to clients: the base64 of the item's offset in the whole list, for pages that have no keyset cursors. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64');
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

/** What a service returns for one page; `Paginated(X)` turns it into the GraphQL page type. */
export interface Page<T> {
  nodes: T[];
  /** Left out when nobody asked for it (counting every row is the costly part of a page). */
  totalCount?: number;
  hasNextPage: boolean;
  /** Offset of the first node: the cursors are derived from it, unless the page has its own. */
  offset: number;
  /** One per node: where a list that takes `after` continues (common/pagination/cursor.ts). */
  cursors?: string[];
}

function edgesOf<T>({ nodes, offset, cursors }: Pick<Page<T>, 'nodes' | 'offset' | 'cursors'>): Edge<T>[] {
  return nodes.map((node, index) => ({ cursor: cursors?.[index] ?? encodeCursor(offset + index), node }));
}

/** A page with its edges, for schema-first page types (code-first ones derive them in `Paginated(X)`). */
export function withEdges<T>(page: Page<T>): Page<T> & { edges: Edge<T>[] } {
  return { ...page, edges: edgesOf(page) };
}

/**
 * Generic page type: `class PaginatedAuthor extends Paginated(Author) {}` gives `PaginatedAuthor` and `AuthorEdge`.
 * The base is abstract, so only the concrete subclasses appear in the schema.
 */
export function Paginated<T>(classRef: Type<T>) {
  @ObjectType(`${classRef.name}Edge`, { description: `One ${classRef.name} of a page, with its cursor.` })
  abstract class EdgeType implements Edge<T> {
    @Field({ description: 'Opaque position of the node in the whole list.' })
    cursor: string;

    @Field(() => classRef)
    node: T;
  }

  @ObjectType({ isAbstract: true })
  abstract class PaginatedType implements Page<T> {
    // Derived from the nodes (a getter), so a page holds each node once and a REST (JSON) response carries
    // `nodes` only; GraphQL reads the getter like any other property.
    @Field(() => [EdgeType], { nullable: true, description: 'The nodes with their cursors.' })
    get edges(): Edge<T>[] {
      return edgesOf(this);
    }

    @Field(() => [classRef], { nullable: true })
    nodes: T[];

    @Field(() => Int, { description: 'Number of items in the whole list.' })
    totalCount?: number;

    @Field({ description: 'Whether items follow this page.' })
    hasNextPage: boolean;

    offset: number;

    cursors?: string[];

    static of<P extends PaginatedType>(this: new () => P, page: Page<T>): P {
      return Object.assign(new this(), page);
    }
  }
  return PaginatedType;
}
