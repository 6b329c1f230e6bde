import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { GRAPHIQL_ASSETS_PATH } from './graphiql.assets';
import { GraphiqlAssetsService } from './graphiql-assets.service';

/**
 * The files of the development IDE. Registered only where the IDE is enabled (GraphiqlIdeModule): in production,
 * or without GraphiQL installed, nothing answers under this path (404).
 */
@Public()
@ApiExcludeController()
@Controller(GRAPHIQL_ASSETS_PATH)
export class GraphiqlAssetsController {
  constructor(private readonly assets: GraphiqlAssetsService) {}

  @Get(':file')
  @Header('Cache-Control', 'no-cache')
  getAsset(@Param('file') file: string): StreamableFile {
    return this.assets.open(file);
  }
}
