import { Injectable } from '@nestjs/common';
import type { PaginationArgs } from '../common/pagination/pagination.args';
import type { ListService } from '../graphql/base.resolver';
import { type Warrior, toWarrior } from './models/warrior.model';
import { WarriorsRepository } from './warriors.repository';

@Injectable()
export class WarriorsService implements ListService<Warrior> {
  constructor(private readonly repository: WarriorsRepository) {}

  async getList({ offset, limit }: PaginationArgs): Promise<Warrior[]> {
    return (await this.repository.getPage(offset, limit)).map(toWarrior);
  }
}
