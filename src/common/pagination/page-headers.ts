import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';

/** The headers of a REST list, which CORS exposes to browsers' scripts (app.setup.ts). */
export const PAGE_HEADERS = ['Link', 'X-Total-Count'];

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
 * one (after the page's last item: a page may stop before its limit, page-size.ts), and `X-Total-Count` the
 * matches when they were counted.
 */
@Injectable()
export class PageHeadersInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown[]> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    return next.handle().pipe(
      map(({ nodes, totalCount, hasNextPage, offset }: ListPage<unknown>) => {
        if (totalCount !== undefined) response.setHeader('X-Total-Count', String(totalCount));
        if (hasNextPage) {
          response.setHeader(
            'Link',
            `<${withOffset(request.originalUrl, offset + nodes.length)}>; rel="next"`,
          );
        }
        return nodes;
      }),
    );
  }
}

/** The request's own path and query (so its filters, order and limit), at another offset. */
export function withOffset(originalUrl: string, offset: number): string {
  const url = new URL(originalUrl, 'http://localhost');
  url.searchParams.set('offset', String(offset));
  return `${url.pathname}${url.search}`;
}
