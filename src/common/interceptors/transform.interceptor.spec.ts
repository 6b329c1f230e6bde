import { lastValueFrom, of } from 'rxjs';
import { FakeCallHandler, graphqlContext, httpContext } from '../../../test/utils/execution-context';
import { TransformInterceptor } from './transform.interceptor';

describe(TransformInterceptor.name, () => {
  const sut = new TransformInterceptor();

  it('should wrap the result as { data }', async () => {
    const result = lastValueFrom(sut.intercept(httpContext(), new FakeCallHandler(of({ hello: 'world' }))));

    await expect(result).resolves.toEqual({ data: { hello: 'world' } });
  });

  it('should wrap an empty array as { data: [] }', async () => {
    const result = lastValueFrom(sut.intercept(httpContext(), new FakeCallHandler(of([]))));

    await expect(result).resolves.toEqual({ data: [] });
  });

  it('should leave a GraphQL result alone, so it keeps the shape the schema declares', async () => {
    const author = { id: 1, firstName: 'Ada' };

    const result = lastValueFrom(
      sut.intercept(graphqlContext('Query', 'author'), new FakeCallHandler(of(author))),
    );

    await expect(result).resolves.toBe(author);
  });
});
