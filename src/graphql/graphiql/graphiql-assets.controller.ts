import { Controller, Get, Header, NotFoundException, Param, StreamableFile } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import type { Environment } from '../../config/environment';
import { isGraphqlIdeEnabled } from '../graphql-endpoint.options';
import { GRAPHIQL_ASSETS_PATH } from './graphiql.assets';
import { GraphiqlAssetsService } from './graphiql-assets.service';

/**
 * The files of the development IDE; in production (or without GraphiQL installed) every file is a 404.
 * Decided here at run time rather than by loading the module conditionally: @nestjs/config's
 * ConditionalModule arms a 5 s timer at import that throws if the configuration is not loaded by then.
 */
@Public()
@ApiExcludeController()
@Controller(GRAPHIQL_ASSETS_PATH)
export class GraphiqlAssetsController {
  private readonly enabled: boolean;

  constructor(
    private readonly assets: GraphiqlAssetsService,
    config: ConfigService<Environment, true>,
  ) {
    this.enabled = isGraphqlIdeEnabled(config.get('NODE_ENV', { infer: true }));
  }

  @Get(':file')
  @Header('Cache-Control', 'no-cache')
  getAsset(@Param('file') file: string): StreamableFile {
    if (!this.enabled) throw new NotFoundException();
    return this.assets.open(file);
  }
}
