import { lastValueFrom, of } from 'rxjs';
import { executionContext, FakeCallHandler, graphqlContext } from '../../../test/utils/execution-context';
import { PLAIN_TEXT, PlainTextInterceptor } from './plain-text.interceptor';

/** An HTTP call whose response records its headers, as Express's does. */
function httpCall(headers: Record<string, string> = {}, headersSent = false) {
  const response = {
    headersSent,
    getHeader: (name: string) => headers[name.toLowerCase()],
    setHeader: jest.fn((name: string, value: string) => (headers[name.toLowerCase()] = value)),
  };
  return { context: executionContext('http', [{}, response, () => undefined]), response, headers };
}

describe(PlainTextInterceptor.name, () => {
  const sut = new PlainTextInterceptor();

  it.each(['This action returns a #<img src=x onerror=alert(1)> cat', '', 42, true])(
    'should send %j as plain text, unchanged',
    async (value) => {
      const { context, headers } = httpCall();

      await expect(lastValueFrom(sut.intercept(context, new FakeCallHandler(of(value))))).resolves.toBe(
        value,
      );
      expect(headers['content-type']).toBe(PLAIN_TEXT);
    },
  );

  it.each([{ a: 1 }, [1], null, undefined])('should leave %j to Nest (JSON, or no body)', async (value) => {
    const { context, response } = httpCall();

    await lastValueFrom(sut.intercept(context, new FakeCallHandler(of(value))));

    expect(response.setHeader).not.toHaveBeenCalled();
  });

  it('should decide on the last value of a stream, the one Nest sends', async () => {
    const text = httpCall();
    const json = httpCall();

    await lastValueFrom(sut.intercept(text.context, new FakeCallHandler(of({ a: 1 }, 'last'))));
    await lastValueFrom(sut.intercept(json.context, new FakeCallHandler(of('first', { a: 1 }))));

    expect(text.headers['content-type']).toBe(PLAIN_TEXT);
    expect(json.response.setHeader).not.toHaveBeenCalled();
  });

  it('should keep a Content-Type the handler set, and leave a response already sent alone', async () => {
    const chosen = httpCall({ 'content-type': 'text/csv' });
    const sent = httpCall({}, true);

    await lastValueFrom(sut.intercept(chosen.context, new FakeCallHandler(of('a,b'))));
    await lastValueFrom(sut.intercept(sent.context, new FakeCallHandler(of('done'))));

    expect(chosen.headers['content-type']).toBe('text/csv');
    expect(sent.response.setHeader).not.toHaveBeenCalled();
  });

  it('should leave GraphQL alone', async () => {
    const handler = new FakeCallHandler(of('text'));

    await expect(lastValueFrom(sut.intercept(graphqlContext(), handler))).resolves.toBe('text');
  });
});
