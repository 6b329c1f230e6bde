import {
  Controller,
  Get,
  Header,
  HttpCode,
  HttpRedirectResponse,
  HttpStatus,
  ParseBoolPipe,
  Query,
  Redirect,
  Res,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiFoundResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Observable, of } from 'rxjs';
import { Public } from '../common/decorators/public.decorator';
import { RoutingService } from './routing.service';

/** How a handler shapes its response: status, headers, redirects, return values and library-specific mode. */
@ApiTags('routing')
@Public()
@Controller('routing')
export class RoutingResponsesController {
  constructor(private readonly routing: RoutingService) {}

  @Get('status')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'A fixed status: 204 from @HttpCode()' })
  @ApiNoContentResponse({ description: 'Fixed status from @HttpCode()' })
  answerNoContent(): void {}

  // A status chosen at run time needs the platform response; passthrough keeps the return value,
  // and an error is raised as an exception (ParseBoolPipe answers 400 for anything but true/false).
  @Get('dynamic-status')
  @ApiOperation({ summary: 'A status chosen at run time: 202 with ?accepted=true, else 200' })
  @ApiQuery({ name: 'accepted', required: false, type: Boolean })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['accepted'],
      properties: { accepted: { type: 'boolean' } },
      example: { accepted: false },
    },
  })
  @ApiAcceptedResponse({
    schema: {
      type: 'object',
      required: ['accepted'],
      properties: { accepted: { type: 'boolean' } },
      example: { accepted: true },
    },
  })
  answerDynamicStatus(
    @Query('accepted', new ParseBoolPipe({ optional: true })) accepted: boolean | undefined,
    @Res({ passthrough: true }) response: Response,
  ): { accepted: boolean } {
    response.status(accepted ? HttpStatus.ACCEPTED : HttpStatus.OK);
    return { accepted: accepted ?? false };
  }

  @Get('header')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'A header set by @Header()' })
  @ApiOkResponse({ description: 'Sets Cache-Control: no-store with @Header()' })
  answerWithHeader(): string {
    return 'header';
  }

  // `?to=docs` returns {url, statusCode}, which overrides the decorator's arguments.
  @Get('redirect')
  @Redirect('https://nestjs.com', HttpStatus.FOUND)
  @ApiOperation({ summary: 'A redirect, its target chosen by the query' })
  @ApiQuery({ name: 'to', required: false, example: 'docs' })
  @ApiFoundResponse({ description: 'To https://nestjs.com; 301 to https://docs.nestjs.com with ?to=docs' })
  redirect(@Query('to') to?: string): HttpRedirectResponse | undefined {
    return this.routing.redirectFor(to);
  }

  // A primitive is sent as it is, not as JSON.
  @Get('primitive')
  @ApiOperation({ summary: 'A number returned as it is, sent as text' })
  @ApiProduces('text/plain') // a primitive goes out as text (AppExpressAdapter)
  @ApiOkResponse({ schema: { type: 'number', example: 42 } })
  getPrimitive(): number {
    return 42;
  }

  @Get('promise')
  @ApiOperation({ summary: 'The value of a promise, as JSON' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['async'],
      properties: { async: { type: 'boolean' } },
      example: { async: true },
    },
  })
  async getPromise(): Promise<{ async: boolean }> {
    return { async: true };
  }

  // For a stream, the last value emitted before completion is the response.
  @Get('observable')
  @ApiOperation({ summary: 'The last value of an observable, sent as text' })
  @ApiProduces('text/plain') // a primitive goes out as text (AppExpressAdapter)
  @ApiOkResponse({ schema: { type: 'number', example: 3 } })
  getObservable(): Observable<number> {
    return of(1, 2, 3);
  }

  // @Res() without passthrough turns standard handling off; the handler must answer itself.
  @Get('library')
  @ApiOperation({ summary: 'Library-specific mode: the handler sends the response itself' })
  @ApiAcceptedResponse({
    schema: {
      type: 'object',
      required: ['mode'],
      properties: { mode: { type: 'string' } },
      example: { mode: 'library' },
    },
  })
  answerInLibraryMode(@Res() response: Response): void {
    response.status(HttpStatus.ACCEPTED).json({ mode: 'library' });
  }

  @Get('passthrough')
  @ApiOperation({
    summary: 'Passthrough: headers and a cookie set on the platform response, the body returned',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['mode'],
      properties: { mode: { type: 'string' } },
      example: { mode: 'standard' },
    },
    description: 'Also X-Mode and a cookie',
  })
  answerWithPassthrough(@Res({ passthrough: true }) response: Response): { mode: string } {
    response.setHeader('X-Mode', 'passthrough');
    response.cookie('mode', 'passthrough', { httpOnly: true, sameSite: 'lax' });
    return { mode: 'standard' };
  }
}
