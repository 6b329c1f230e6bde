import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of } from 'rxjs';
import { PageHeadersInterceptor, withOffset } from './page-headers';

/** The interceptor around a handler that answers `page`, for a request to `url`: the body and the headers set. */
async function answer(url: string, page: object) {
  const headers: Record<string, string> = {};
  const context = {
    switchToHttp: () => ({
      getRequest: () => ({ originalUrl: url }),
      getResponse: () => ({ setHeader: (name: string, value: string) => (headers[name] = value) }),
    }),
  } as unknown as ExecutionContext;
  const next: CallHandler = { handle: () => of(page) };
  const body = await lastValueFrom(new PageHeadersInterceptor().intercept(context, next));
  return { body, headers };
}

const items = (count: number, size = 10) =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, text: 'x'.repeat(size) }));

describe(PageHeadersInterceptor.name, () => {
  it('should answer the items, linking the next page at the offset that follows', async () => {
    const nodes = items(2);

    const { body, headers } = await answer('/notes?limit=2&sort=title', {
      nodes,
      hasNextPage: true,
      offset: 4,
    });

    expect(body).toEqual(nodes);
    expect(headers).toEqual({ Link: '</notes?limit=2&sort=title&offset=6>; rel="next"' });
  });

  it('should say the count when the page has one, and link nothing on the last page', async () => {
    const { headers } = await answer('/notes?count=true', {
      nodes: items(1),
      totalCount: 1,
      hasNextPage: false,
      offset: 0,
    });

    expect(headers).toEqual({ 'X-Total-Count': '1' });
  });

  it('should link the page after the last item it holds, which a page stopped early does', async () => {
    const { headers } = await answer('/notes?limit=11', { nodes: items(10), hasNextPage: true, offset: 0 });

    expect(headers.Link).toBe('</notes?limit=11&offset=10>; rel="next"');
  });
});

describe('withOffset', () => {
  it('should keep the path and every other parameter', () => {
    expect(withOffset('/books?genre=POETRY&offset=10&limit=5', 15)).toBe(
      '/books?genre=POETRY&offset=15&limit=5',
    );
    expect(withOffset('/books', 10)).toBe('/books?offset=10');
  });

  it('should stay on this origin whatever the request line says', () => {
    expect(withOffset('//elsewhere.example/books?limit=1', 1)).toBe('/books?limit=1&offset=1');
  });
});
