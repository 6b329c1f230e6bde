import { Injectable } from '@nestjs/common';
import type { PaginationArgs } from '../common/pagination/pagination.args';
import type { ListService } from '../graphql/base.resolver';
import type { Warrior } from './models/warrior.model';
import { WarriorsRepository } from './warriors.repository';
import type { WarriorRow } from './warriors.table';

export function toWarrior(row: WarriorRow): Warrior {
  return { id: row.id, name: row.name, level: row.level };
}

@Injectable()
export class WarriorsService implements ListService<Warrior> {
  constructor(private readonly repository: WarriorsRepository) {}

  async getList({ offset, limit }: PaginationArgs): Promise<Warrior[]> {
    return (await this.repository.getPage(offset, limit)).map(toWarrior);
  }
}
