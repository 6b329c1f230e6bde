import { ValidationPipe } from '@nestjs/common';
import { ArgsType, Field } from '@nestjs/graphql';
import { IsOptional, IsString } from 'class-validator';
import { PaginationArgs } from './pagination.args';

// A subclass adds its own field and inherits the defaults and rules of the base.
@ArgsType()
class SearchArgs extends PaginationArgs {
  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  term?: string;
}

const pipe = new ValidationPipe({ whitelist: true, transform: true });

function validate<T>(metatype: new () => T, value: object): Promise<T> {
  return pipe.transform(value, { type: 'query', metatype }) as Promise<T>;
}

const messagesOf = (promise: Promise<unknown>) =>
  promise.then(
    () => [],
    (error: { getResponse(): { message: string[] } }) => error.getResponse().message,
  );

describe(PaginationArgs.name, () => {
  it('should default to offset 0 and limit 10', async () => {
    await expect(validate(PaginationArgs, {})).resolves.toEqual({ offset: 0, limit: 10 });
  });

  it('should treat null (a nullable GraphQL argument) as the default', async () => {
    await expect(validate(PaginationArgs, { offset: null, limit: null })).resolves.toEqual({
      offset: 0,
      limit: 10,
    });
  });

  it('should read numbers from a query string', async () => {
    await expect(validate(PaginationArgs, { offset: '20', limit: '5' })).resolves.toEqual({
      offset: 20,
      limit: 5,
    });
  });

  it.each([
    [{ limit: 0 }, ['limit must be an integer between 1 and 100']],
    [{ limit: 101 }, ['limit must be an integer between 1 and 100']],
    [{ limit: 'ten' }, ['limit must be an integer between 1 and 100']],
    // Number() reads these as 16, 100 and 5: a query string's number is decimal digits only.
    [{ limit: '0x10' }, ['limit must be an integer between 1 and 100']],
    [{ limit: '1e2' }, ['limit must be an integer between 1 and 100']],
    [{ offset: ' 5' }, ['offset must be an integer, 0 or more']],
    [{ offset: -1 }, ['offset must be an integer, 0 or more']],
    [{ offset: 1.5 }, ['offset must be an integer, 0 or more']],
    [
      { offset: -1, limit: 0 },
      ['offset must be an integer, 0 or more', 'limit must be an integer between 1 and 100'],
    ],
  ])('should refuse %p with a clear message', async (value, messages) => {
    await expect(messagesOf(validate(PaginationArgs, value))).resolves.toEqual(messages);
  });

  it('should accept the bounds 1 and 100', async () => {
    await expect(validate(PaginationArgs, { limit: 1 })).resolves.toMatchObject({ limit: 1 });
    await expect(validate(PaginationArgs, { limit: 100 })).resolves.toMatchObject({ limit: 100 });
  });

  it('should give a subclass the same defaults and rules', async () => {
    await expect(validate(SearchArgs, { term: 'Ada' })).resolves.toEqual({
      offset: 0,
      limit: 10,
      term: 'Ada',
    });
    await expect(messagesOf(validate(SearchArgs, { term: 'Ada', limit: 500 }))).resolves.toEqual([
      'limit must be an integer between 1 and 100',
    ]);
  });
});
