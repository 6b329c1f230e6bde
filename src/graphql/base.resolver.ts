import type { Type } from '@nestjs/common';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { Public } from '../common/decorators/public.decorator';
import { MAX_LIMIT, PaginationArgs } from '../common/pagination/pagination.args';
import { MaxItems } from './max-items';

/** What the base resolver needs from a feature's service. */
export interface ListService<T> {
  /** Items in id order, `limit` of them after `offset`: a bare list (a `Page` also says what follows). */
  getList(page: PaginationArgs): Promise<T[]>;
}

/**
 * Generic abstract resolver: `class WarriorsResolver extends BaseResolver(Warrior)` gets a public
 * `findAllWarrior(offset: Int = 0, limit: Int = 10): [Warrior!]!` query that lists the items a page at a time
 * (at most MAX_LIMIT: a list of everything would grow with the table) through the subclass's service.
 * The class is abstract for the schema (`isAbstract`), so only the concrete subclasses register queries.
 */
export function BaseResolver<T>(classRef: Type<T>) {
  @Resolver({ isAbstract: true })
  abstract class BaseResolverHost {
    protected abstract readonly service: ListService<T>;

    @Public()
    @MaxItems({ max: MAX_LIMIT, sizedBy: 'limit' })
    @Query(() => [classRef], {
      name: `findAll${classRef.name}`,
      description: `A page of ${classRef.name} items, in id order.`,
    })
    findAll(@Args() page: PaginationArgs): Promise<T[]> {
      return this.service.getList(page);
    }
  }
  return BaseResolverHost;
}
