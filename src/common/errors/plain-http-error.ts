import { HttpException, type HttpStatus } from '@nestjs/common';

/**
 * An HTTP error whose body is exactly `{"statusCode":…,"message":…}`, as `{"statusCode":401,"message":"Unauthorized"}`
 * is: Nest's exceptions given a message add `error` (`"Bad Request"`), which a documented body does not have.
 */
export const plainHttpError = (statusCode: HttpStatus, message: string) =>
  new HttpException({ statusCode, message }, statusCode);
