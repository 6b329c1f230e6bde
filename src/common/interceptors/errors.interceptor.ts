import {
  BadGatewayException,
  CallHandler,
  ExecutionContext,
  Injectable,
  Logger,
  NestInterceptor,
} from '@nestjs/common';
import { catchError, Observable, throwError } from 'rxjs';

/** Replaces any error the handler raises with a bad-gateway exception (502). */
@Injectable()
export class ErrorsInterceptor implements NestInterceptor {
  private readonly logger = new Logger(ErrorsInterceptor.name);

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        // Release what the handler held (roll back, close a file) here, before the
        // replacement is raised. The 502 no longer says what went wrong, so the server log keeps it.
        this.logger.error(
          `Replaced by a 502: ${String(error)}`,
          error instanceof Error ? error.stack : undefined,
        );
        return throwError(() => new BadGatewayException(undefined, { cause: error }));
      }),
    );
  }
}
