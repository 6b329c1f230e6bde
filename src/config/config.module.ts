import { ConfigModule } from '@nestjs/config';
import { validateEnvironment } from './environment';

/** Global, validated configuration: import once in each root module. */
export const AppConfigModule = ConfigModule.forRoot({
  isGlobal: true,
  cache: true,
  validate: validateEnvironment,
});
// forRoot validates as soon as this file loads; Nest awaits the promise at start and reports a bad
// configuration there. This only keeps Node from killing the process over an "unhandled" rejection first.
AppConfigModule.catch(() => undefined);
