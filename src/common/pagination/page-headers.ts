import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';

/** The headers of a REST list, which CORS exposes to browsers' scripts (app.setup.ts). */
export const PAGE_HEADERS = ['Link', 'X-Total-Count'];

/** Where a page stops early, before its limit: a page of large text values cannot grow unbounded. */
export const MAX_PAGE_BYTES = 1024 * 1024;

/** The page a service returns (`Page<T>` of the GraphQL layer, which common/ does not import). */
interface ListPage<T> {
  nodes: T[];
  totalCount?: number;
  hasNextPage: boolean;
  offset: number;
}

/** OpenAPI's description of the headers (`@ApiOkResponse({ headers: PAGE_HEADER_DOCS })`). */
export const PAGE_HEADER_DOCS = {
  Link: {
    description: '`<…>; rel="next"`: the next page, when one follows.',
    schema: { type: 'string' },
  },
  'X-Total-Count': {
    description: 'Every match, when asked with `count=true`.',
    schema: { type: 'integer' },
  },
};

/**
 * A REST list answers its page's items as a JSON array; `Link: <…>; rel="next"` names the next page when there is
 * one, and `X-Total-Count` the matches when they were counted. The page stops before MAX_PAGE_BYTES (one item at
 * least), and the link then continues after its last item.
 */
@Injectable()
export class PageHeadersInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown[]> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    return next.handle().pipe(
      map((page: ListPage<unknown>) => {
        const nodes = withinBytes(page.nodes, MAX_PAGE_BYTES);
        if (page.totalCount !== undefined) response.setHeader('X-Total-Count', String(page.totalCount));
        if (page.hasNextPage || nodes.length < page.nodes.length) {
          response.setHeader(
            'Link',
            `<${withOffset(request.originalUrl, page.offset + nodes.length)}>; rel="next"`,
          );
        }
        return nodes;
      }),
    );
  }
}

/** The first items whose JSON array stays within `limit` bytes; the first one whatever its size. */
export function withinBytes<T>(items: T[], limit: number): T[] {
  let bytes = 2; // []
  for (const [index, item] of items.entries()) {
    bytes += Buffer.byteLength(JSON.stringify(item)) + (index > 0 ? 1 : 0);
    if (bytes > limit && index > 0) return items.slice(0, index);
  }
  return items;
}

/** The request's own path and query (so its filters, order and limit), at another offset. */
export function withOffset(originalUrl: string, offset: number): string {
  const url = new URL(originalUrl, 'http://localhost');
  url.searchParams.set('offset', String(offset));
  return `${url.pathname}${url.search}`;
}
