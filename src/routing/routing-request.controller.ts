import { Body, Controller, Get, Headers, Ip, Post, Query, Session } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Session as ExpressSession, SessionData } from 'express-session';
import { Public } from '../common/decorators/public.decorator';
import { RoutingService } from './routing.service';

/** The request accessors (Req, Param and Next are in RoutingController, HostParam in TenantsController). */
@ApiTags('routing')
@Public()
@Controller('routing')
export class RoutingRequestController {
  constructor(private readonly routing: RoutingService) {}

  @Get('request')
  @ApiOperation({ summary: 'The client address, User-Agent and query, from the request accessors' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['ip', 'userAgent', 'query'],
      properties: {
        ip: { type: 'string' },
        userAgent: { type: 'string', nullable: true },
        query: { type: 'object', additionalProperties: true },
      },
      example: { ip: '::1', userAgent: 'curl/8.5.0', query: { a: '1' } },
    },
  })
  describeRequest(
    @Ip() ip: string,
    @Headers('user-agent') userAgent: string | undefined,
    @Query() query: Record<string, unknown>,
  ): { ip: string; userAgent: string | null; query: Record<string, unknown> } {
    // null rather than left out when the request has no User-Agent: the shape stays the same.
    return { ip, userAgent: userAgent ?? null, query };
  }

  // The whole body and one key of it; a plain object type, so the validation pipe passes it unchanged.
  @Post('body')
  @ApiBody({ schema: { type: 'object', example: { name: 'Tom' } } })
  @ApiOperation({ summary: 'The whole JSON body and its `name`' })
  @ApiCreatedResponse({
    schema: {
      type: 'object',
      required: ['body', 'name'],
      properties: { body: { type: 'object', additionalProperties: true }, name: {} },
      example: { body: { name: 'Tom' }, name: 'Tom' },
    },
  })
  echoBody(
    @Body() body: Record<string, unknown>,
    @Body('name') name: unknown,
  ): { body: unknown; name: unknown } {
    return { body, name };
  }

  // The session middleware is applied to this route only (RoutingModule.configure).
  @Get('session')
  @ApiOperation({ summary: 'Visits counted in a cookie-backed session' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['visits'],
      properties: { visits: { type: 'integer' } },
      example: { visits: 1 },
    },
    description: 'Counts visits in a cookie-backed session',
  })
  countVisits(@Session() session: ExpressSession & Partial<SessionData>): Promise<{ visits: number }> {
    return this.routing.countVisit(session);
  }
}
