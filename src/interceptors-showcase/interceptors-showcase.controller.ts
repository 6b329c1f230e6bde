import { Controller, Get, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiRequestTimeoutResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import { Public } from '../common/decorators/public.decorator';
import { FixedCacheInterceptor } from '../common/interceptors/fixed-cache.interceptor';
import { ErrorsInterceptor } from '../common/interceptors/errors.interceptor';
import { ExcludeNullInterceptor } from '../common/interceptors/exclude-null.interceptor';
import {
  TIMEOUT_STARTED_AT,
  TimeoutInterceptor,
  type TimedRequest,
} from '../common/interceptors/timeout.interceptor';
import { TransformInterceptor } from '../common/interceptors/transform.interceptor';
import { SlowQueryDto } from './dto/slow-query.dto';
import { InterceptorsShowcaseService } from './interceptors-showcase.service';

/** One interceptor bound per method (the logging one is global, see AppModule). */
@Public()
@ApiTags('interceptors')
@Controller('interceptors')
export class InterceptorsShowcaseController {
  constructor(private readonly showcase: InterceptorsShowcaseService) {}

  @Get('transform')
  @UseInterceptors(TransformInterceptor)
  @ApiOperation({ summary: 'The result wrapped as { data }' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'object', properties: { hello: { type: 'string' } } } },
    },
  })
  getTransformed() {
    return this.showcase.greeting();
  }

  @Get('transform-empty')
  @UseInterceptors(TransformInterceptor)
  @ApiOperation({ summary: 'An empty array wrapped as { data: [] }' })
  @ApiOkResponse({
    schema: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: {} } } },
  })
  getTransformedEmpty() {
    return this.showcase.emptyList();
  }

  @Get('exclude-null')
  @UseInterceptors(ExcludeNullInterceptor)
  @ApiOperation({ summary: 'A null result sent as an empty body' })
  @ApiOkResponse({ description: 'An empty body' })
  getExcludedNull() {
    return this.showcase.nothing();
  }

  @Get('errors')
  @UseInterceptors(ErrorsInterceptor)
  @ApiOperation({ summary: "502: the handler's own error replaced by a bad-gateway exception" })
  @ApiBadGatewayResponse({ description: 'Always: the error the interceptor puts in place of the handler’s' })
  getErrors() {
    return this.showcase.callUpstream();
  }

  @Get('cached')
  @UseInterceptors(FixedCacheInterceptor)
  @ApiOperation({ summary: 'A fixed [] from the interceptor; the handler never runs' })
  @ApiOkResponse({ schema: { type: 'array', items: { type: 'integer' } } })
  getCached() {
    return this.showcase.expensiveList();
  }

  @Get('slow')
  @UseInterceptors(TimeoutInterceptor)
  @ApiOperation({ summary: 'Waits ms milliseconds; 408 once it takes longer than 5000 ms' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['waited'],
      properties: { waited: { type: 'integer' } },
      example: { waited: 100 },
    },
    description: 'How long the handler waited',
  })
  @ApiBadRequestResponse({ description: 'ms is not an integer from 0 to 60000' })
  @ApiRequestTimeoutResponse({ description: 'The handler took longer than 5000 ms' })
  getSlow(@Query() { ms }: SlowQueryDto, @Req() request: TimedRequest): Observable<{ waited: number }> {
    return this.showcase.wait(ms, request[TIMEOUT_STARTED_AT]);
  }

  @Get('not-found')
  @UseInterceptors(TimeoutInterceptor)
  @ApiOperation({ summary: '404: errors other than the time-out pass through unchanged' })
  @ApiNotFoundResponse({ description: 'Always: the handler’s own error' })
  getNotFound() {
    return this.showcase.missing();
  }

  // @Res() switches this handler to library-specific mode: it sends the response itself, so the
  // transform interceptor's mapping has nothing to act on.
  @Get('library')
  @UseInterceptors(TransformInterceptor)
  @ApiOperation({ summary: 'Sends { raw: true } itself; not wrapped' })
  @ApiOkResponse({ schema: { type: 'object', properties: { raw: { type: 'boolean' } } } })
  getLibrary(@Res() response: Response): void {
    response.json(this.showcase.raw());
  }
}
