import {
  All,
  Controller,
  Get,
  Head,
  Header,
  HttpCode,
  HttpStatus,
  Next,
  Options,
  Param,
  Req,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { NextFunction, Request } from 'express';
import { Public } from '../common/decorators/public.decorator';

/**
 * Methods, prefix joining, parameters and route order.
 * Express matches routes in the order they are registered, which in Nest is module order, then the order
 * of `controllers`, then declaration order. `:name` is declared last here and this controller is listed
 * last in RoutingModule, so the parameter never captures a static path such as `/routing/static`.
 * Handler names are free: only the decorators decide the route.
 */
@ApiTags('routing')
@Public()
@Controller('routing')
export class RoutingController {
  // A handler without a path uses the prefix alone.
  @Get()
  @ApiOperation({ summary: 'The prefix alone' })
  describePrefix(): string {
    return 'routing';
  }

  // ALL matches every method; the request object says which one came.
  @All('any')
  @ApiOperation({ summary: 'Answers any method with the method name' })
  echoMethod(@Req() request: Request): string {
    return request.method;
  }

  // HEAD is declared before GET: Express answers HEAD with the first GET route otherwise.
  @Head('resource')
  @Header('X-Handler', 'head')
  @ApiOperation({ summary: 'Headers only, from its own handler' })
  headResource(): void {}

  @Get('resource')
  @Header('X-Handler', 'get')
  @ApiOperation({ summary: 'The resource, from its own handler (HEAD and OPTIONS have theirs)' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['resource'],
      properties: { resource: { type: 'string' } },
      example: { resource: 'routing' },
    },
  })
  getResource(): { resource: string } {
    return { resource: 'routing' };
  }

  @Options('resource')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Header('Allow', 'GET, HEAD, OPTIONS')
  @ApiOperation({ summary: 'The methods this path accepts' })
  describeResourceMethods(): void {}

  // Static before parameter.
  @Get('static')
  @ApiOperation({ summary: 'A static path, declared before `:name`' })
  serveStatic(): string {
    return 'static';
  }

  // All parameters as one object.
  @Get('params/:a/:b')
  @ApiParam({ name: 'a', type: String, example: '1' })
  @ApiParam({ name: 'b', type: String, example: '2' })
  @ApiOperation({ summary: 'Every path parameter as one object' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['a', 'b'],
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      example: { a: '1', b: '2' },
    },
  })
  readParams(@Param() params: Record<string, string>): { a: string; b: string } {
    return { a: params.a, b: params.b };
  }

  // A wildcard in the middle of the path (Express 5 syntax: a named `*segments`, one or more segments).
  @Get('mid/*segments/end')
  @ApiOperation({ summary: 'Mid-path wildcard: /routing/mid/x/end, /routing/mid/x/y/end' })
  @ApiParam({ name: 'segments', type: String, example: 'x/y', description: 'One or more path segments' })
  matchMidWildcard(): string {
    return 'mid wildcard';
  }

  // With @Next() the handler may pass the request on; here the next route is `:name` below.
  @Get('next')
  @ApiOperation({ summary: 'Library-specific mode with @Next(): passes the request on to the `:name` route' })
  passToNextRoute(@Next() next: NextFunction): void {
    next();
  }

  // One parameter by name; last, so that it only gets what no static path above took.
  @Get(':name')
  @ApiOperation({ summary: 'One path parameter by name' })
  readNamedParam(@Param('name') name: string): string {
    return `param ${name}`;
  }
}
