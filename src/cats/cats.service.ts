import { Injectable } from '@nestjs/common';
import type { CreateCatDto } from './dto/create-cat.dto';
import type { ListCatsQuery } from './dto/list-cats.query';
import type { UpdateCatDto } from './dto/update-cat.dto';

/**
 * The example resource: each handler answers a text naming its action,
 * so there is no storage behind it. The DTOs arrive validated and stripped by the global pipe.
 */
@Injectable()
export class CatsService {
  create(_cat: CreateCatDto): string {
    return 'This action adds a new cat';
  }

  getAll({ limit }: ListCatsQuery): string {
    return `This action returns all cats (limit: ${limit} items)`;
  }

  getById(id: string): string {
    return `This action returns a #${id} cat`;
  }

  update(id: string, _changes: UpdateCatDto): string {
    return `This action updates a #${id} cat`;
  }

  remove(id: string): string {
    return `This action removes a #${id} cat`;
  }
}
