import { Module } from '@nestjs/common';
import { GraphiqlAssetsController } from './graphiql-assets.controller';
import { GraphiqlAssetsService } from './graphiql-assets.service';

/** Serves the files of the development GraphiQL page (see graphiqlLandingPage). Import GraphiqlIdeModule instead. */
@Module({
  controllers: [GraphiqlAssetsController],
  providers: [GraphiqlAssetsService],
})
export class GraphiqlModule {}
