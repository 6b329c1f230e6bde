import { PaginationArgs } from '../../common/graphql/pagination.args';

/** `GET /authors?offset=&limit=`: the same defaults and rules as the GraphQL `authors` arguments (inherited). */
export class AuthorsQueryDto extends PaginationArgs {}
