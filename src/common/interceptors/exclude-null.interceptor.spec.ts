import { lastValueFrom, of } from 'rxjs';
import { FakeCallHandler, graphqlContext, httpContext } from '../../../test/utils/execution-context';
import { ExcludeNullInterceptor } from './exclude-null.interceptor';

describe(ExcludeNullInterceptor.name, () => {
  const sut = new ExcludeNullInterceptor();

  it('should replace null with an empty string', async () => {
    const result = lastValueFrom(sut.intercept(httpContext(), new FakeCallHandler(of(null))));

    await expect(result).resolves.toBe('');
  });

  it.each([0, false, '', [], { a: null }])('should leave %j unchanged', async (value) => {
    const result = lastValueFrom(sut.intercept(httpContext(), new FakeCallHandler(of(value))));

    await expect(result).resolves.toBe(value);
  });

  it('should leave a GraphQL null alone, where null is a meaningful value', async () => {
    const result = lastValueFrom(sut.intercept(graphqlContext(), new FakeCallHandler(of(null))));

    await expect(result).resolves.toBeNull();
  });
});
