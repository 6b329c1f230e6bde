import { ObjectType } from '@nestjs/graphql';
import { Paginated } from '../../graphql/paginated.type';
import { Book } from './book.model';

@ObjectType({ description: 'A page of books.' })
export class PaginatedBook extends Paginated(Book) {}
