import { ObjectType } from '@nestjs/graphql';
import { Paginated } from '../../graphql/paginated.type';
import { Post } from './post.model';

@ObjectType({ description: 'A page of posts.' })
export class PaginatedPost extends Paginated(Post) {}
