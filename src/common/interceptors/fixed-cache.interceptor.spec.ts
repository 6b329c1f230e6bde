import { lastValueFrom, of } from 'rxjs';
import { FakeCallHandler, httpContext } from '../../../test/utils/execution-context';
import { FixedCacheInterceptor } from './fixed-cache.interceptor';

describe(FixedCacheInterceptor.name, () => {
  const sut = new FixedCacheInterceptor();

  it('should answer an empty array without running the handler', async () => {
    const next = new FakeCallHandler(of(['from the handler']));

    await expect(lastValueFrom(sut.intercept(httpContext(), next))).resolves.toEqual([]);
    expect(next.handle).not.toHaveBeenCalled();
    expect(next.subscribed).toBe(false);
  });
});
