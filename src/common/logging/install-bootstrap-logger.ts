import { Logger } from '@nestjs/common';
import { createBootstrapLogger } from './bootstrap-logger';

// Imported first by the entry points, so that every line before the app's own logger takes over (a bad
// configuration included) has the same format.
Logger.overrideLogger(createBootstrapLogger());
