import { Controller, Get } from '@nestjs/common';
import { Public } from '../common/decorators/public.decorator';

/**
 * Deliberately listed in no module: Nest activates only the controllers a module lists,
 * so `GET /unlisted` answers 404 even though this class exists and is public. test/routing.e2e-spec.ts
 * proves it; do not register it.
 */
@Public()
@Controller('unlisted')
export class UnlistedController {
  @Get()
  getUnlisted(): string {
    return 'this should never be served';
  }
}
