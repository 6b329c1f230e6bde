import { PaginationArgs } from '../../common/pagination/pagination.args';

/** `GET /authors?offset=&limit=`: the same defaults and rules as the GraphQL `authors` arguments (inherited). */
export class ListAuthorsQuery extends PaginationArgs {}
