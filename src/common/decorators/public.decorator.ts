import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { BEARER_SCHEME } from '../openapi/bearer-scheme';

export const IS_PUBLIC_KEY = 'isPublic';
export const READS_OPTIONAL_TOKEN_KEY = 'readsOptionalToken';

/** Opens a handler or a whole controller/resolver to requests without a token. */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/**
 * Says a handler or class needs a token: the global guard's default, stated for readers. On a handler of a
 * `@Public()` class it closes that handler again (handler metadata wins). The OpenAPI document marks every guarded
 * route with the bearer scheme from this same metadata (setup-openapi.ts).
 */
export const Authenticated = () => SetMetadata(IS_PUBLIC_KEY, false);

/**
 * Public, but a token sent along still counts: a valid one's user is attached (`@CurrentUser()`, undefined
 * without a token), an invalid one is 401 as on a guarded route (a client that sends a token means it). For answers
 * that depend on who asks (`?mine=true`). The OpenAPI document says the token is optional.
 */
export const OptionalUser = () =>
  applyDecorators(
    SetMetadata(IS_PUBLIC_KEY, true),
    SetMetadata(READS_OPTIONAL_TOKEN_KEY, true),
    ApiSecurity({}),
    ApiSecurity(BEARER_SCHEME),
  );
