import { LimitArgs } from '../../common/pagination/pagination.args';

/** Query string of `GET /cats`: `limit`, read as every list's is (1 to 100, 10 when missing or empty). */
export class ListCatsQuery extends LimitArgs {}
