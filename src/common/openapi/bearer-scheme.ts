/** The name of the bearer-token security scheme in the OpenAPI document. */
export const BEARER_SCHEME = 'bearer';
