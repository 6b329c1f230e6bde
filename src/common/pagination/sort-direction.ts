import { registerEnumType } from '@nestjs/graphql';

/** The direction of a list's order, for GraphQL (`ASC`/`DESC`) and REST query strings (`asc`/`desc`) alike. */
export enum SortDirection {
  ASC = 'asc',
  DESC = 'desc',
}

registerEnumType(SortDirection, { name: 'SortDirection' });
