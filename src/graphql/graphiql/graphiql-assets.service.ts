import { createReadStream } from 'node:fs';
import { Injectable, NotFoundException, StreamableFile } from '@nestjs/common';
import { type GraphiqlAsset, loadGraphiqlAssets } from './graphiql.assets';

@Injectable()
export class GraphiqlAssetsService {
  // Only these names are served: a request never reaches an arbitrary path.
  private readonly assets: Map<string, GraphiqlAsset> = loadGraphiqlAssets();

  open(name: string): StreamableFile {
    const asset = this.assets.get(name);
    if (!asset) throw new NotFoundException();
    const options = { type: `${asset.contentType}; charset=utf-8` };
    return asset.file
      ? new StreamableFile(createReadStream(asset.file), options)
      : new StreamableFile(Buffer.from(asset.text ?? ''), options);
  }
}
