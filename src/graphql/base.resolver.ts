import type { Type } from '@nestjs/common';
import { Query, Resolver } from '@nestjs/graphql';
import { Public } from '../common/decorators/public.decorator';

/** What the base resolver needs from a feature's service. */
export interface ListService<T> {
  getAll(): Promise<T[]>;
}

/**
 * Generic abstract resolver: `class WarriorsResolver extends BaseResolver(Warrior)` gets a public
 * `findAllWarrior: [Warrior!]!` query that lists every item through the subclass's service.
 * The class is abstract for the schema (`isAbstract`), so only the concrete subclasses register queries.
 */
export function BaseResolver<T>(classRef: Type<T>) {
  @Resolver({ isAbstract: true })
  abstract class BaseResolverHost {
    protected abstract readonly service: ListService<T>;

    @Public()
    @Query(() => [classRef], {
      name: `findAll${classRef.name}`,
      description: `Every ${classRef.name}, in id order.`,
    })
    findAll(): Promise<T[]> {
      return this.service.getAll();
    }
  }
  return BaseResolverHost;
}
