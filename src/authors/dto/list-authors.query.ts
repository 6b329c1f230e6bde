import { PaginationArgs } from '../../graphql/pagination.args';

/** `GET /authors?offset=&limit=`: the same defaults and rules as the GraphQL `authors` arguments (inherited). */
export class ListAuthorsQuery extends PaginationArgs {}
