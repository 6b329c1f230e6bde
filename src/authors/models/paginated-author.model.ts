import { ObjectType } from '@nestjs/graphql';
import { Paginated } from '../../graphql/paginated.type';
import { Author } from './author.model';

@ObjectType({ description: 'A page of authors.' })
export class PaginatedAuthor extends Paginated(Author) {}
