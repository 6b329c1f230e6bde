import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { GRAPHIQL_ASSETS_PATH } from './graphiql.assets';
import { GraphiqlAssetsService } from './graphiql-assets.service';

/** The files of the development IDE; the module that holds it is not loaded in production. */
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
