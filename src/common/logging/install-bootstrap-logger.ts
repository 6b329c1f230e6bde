import { Logger } from '@nestjs/common';
import { createBootstrapLogger } from './bootstrap-logger';

// Imported first by the entry points: the configuration is validated (and may warn) while app.module loads,
// before their own code runs.
Logger.overrideLogger(createBootstrapLogger());
