import { Resolver } from '@nestjs/graphql';
import { BaseResolver } from '../graphql/base.resolver';
import { Warrior } from './models/warrior.model';
import { WarriorsService } from './warriors.service';

/** `findAllWarrior` comes from the generic base resolver. */
@Resolver(() => Warrior)
export class WarriorsResolver extends BaseResolver(Warrior) {
  constructor(protected readonly service: WarriorsService) {
    super();
  }
}
