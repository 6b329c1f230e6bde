import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { RoutingService } from './routing.service';

/**
 * Pattern paths in Express 4 syntax (`ab*cd`, `ef?gh`, `ij+kl`, `mn(op)?q`). Express 5 no longer reads `?`,
 * `+` and `()` in paths, so this controller owns the whole /routing/patterns subtree with one wildcard route
 * and lets RoutingService match the rest of the path against these patterns, compiled from their Express 4
 * syntax (see Express4PathPattern). A path that no pattern matches is 404, as with no route at all.
 */
@ApiTags('routing')
@Public()
@Controller('routing/patterns')
export class RoutingPatternsController {
  constructor(private readonly routing: RoutingService) {}

  // Hyphen and dot are literal in both syntaxes, so this one is an ordinary static route.
  @Get('file-name.txt')
  @ApiOperation({ summary: 'Literal hyphen and dot: file_name.txt and file-nameXtxt are 404' })
  serveLiteralPath(): string {
    return 'file-name.txt';
  }

  // `{/*path}`: the optional group lets the bare prefix reach the matcher (and 404) as well.
  @Get('{/*path}')
  @ApiOperation({ summary: 'The Express 4 patterns ab*cd, ef?gh, ij+kl and mn(op)?q; any other path is 404' })
  @ApiParam({ name: 'path', type: String, example: 'abRANDOMcd' })
  @ApiOkResponse({ schema: { type: 'string', example: 'ab*cd' }, description: 'The pattern that matched' })
  matchPattern(@Param('path') path: string[] | undefined): string {
    return this.routing.matchPattern(path);
  }
}
