import { resolve } from 'node:path';

/** The project's root folder, from src/common (tests, scripts run through SWC) and dist/common (the built app). */
export const PROJECT_ROOT = resolve(__dirname, '..', '..');
