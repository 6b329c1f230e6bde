import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'isPublic';

/** Opens a handler or a whole controller/resolver to requests without a token. */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/**
 * Says a handler or class needs a token: the global guard's default, stated for readers. On a handler of a
 * `@Public()` class it closes that handler again (handler metadata wins). The OpenAPI document marks every guarded
 * route with the bearer scheme from this same metadata (setup-openapi.ts).
 */
export const Authenticated = () => SetMetadata(IS_PUBLIC_KEY, false);
