import type { DynamicModule } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { ENV_FILE, type EnvironmentDefaults, validateEnvironment } from './environment';

/**
 * The global, validated configuration, for a root module's imports. The environment is validated when this is
 * called (AppModule.forRoot() at start, or a test after setting its variables), never when a file is imported.
 */
export function appConfigModule(defaults: EnvironmentDefaults = {}): Promise<DynamicModule> {
  const module = ConfigModule.forRoot({
    isGlobal: true,
    cache: true,
    envFilePath: ENV_FILE,
    validate: (raw) => validateEnvironment(raw, defaults),
  });
  // Nest awaits it while it scans the modules and reports a bad configuration there; this only keeps Node from
  // treating the rejection as unhandled in the meantime.
  module.catch(() => undefined);
  return module;
}
