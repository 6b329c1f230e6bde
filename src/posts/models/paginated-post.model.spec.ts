import { Test } from '@nestjs/testing';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory, Query, Resolver } from '@nestjs/graphql';
import { printSchema } from 'graphql';
import { encodeCursor } from '../../graphql/paginated.type';
import { PaginatedPost } from './paginated-post.model';

@Resolver()
class PageResolver {
  @Query(() => PaginatedPost)
  page(): PaginatedPost {
    return PaginatedPost.of({ nodes: [], hasNextPage: false, offset: 0 });
  }
}

describe(PaginatedPost.name, () => {
  it('should add PaginatedPost and PostEdge to the schema', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [GraphQLSchemaBuilderModule] }).compile();
    const schema = await moduleRef.get(GraphQLSchemaFactory).create([PageResolver]);
    const sdl = printSchema(schema);

    expect(sdl).toMatch(
      /type PaginatedPost {[^}]*edges: \[PostEdge!\][^}]*nodes: \[Post!\][^}]*totalCount: Int![^}]*hasNextPage: Boolean!/,
    );
    expect(sdl).toMatch(/type PostEdge {[^}]*cursor: String![^}]*node: Post!/);
  });

  it('should give each node an opaque cursor of its place in the whole list', () => {
    const nodes = [{}, {}] as PaginatedPost['nodes'];

    const page = PaginatedPost.of({ nodes, totalCount: 12, hasNextPage: true, offset: 4 });

    expect(page.edges.map((edge) => edge.cursor)).toEqual([encodeCursor(4), encodeCursor(5)]);
    expect(page.edges.map((edge) => edge.node)).toEqual(nodes);
  });
});
