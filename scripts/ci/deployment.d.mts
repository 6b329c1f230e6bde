// Types of deployment.mjs, for the test that keeps the Dockerfile in step with it.
export const BUILD_COMMANDS: string[];
export const ASSEMBLE_FOLDER: string;
export const ASSEMBLE_COMMAND: string;
export const SHIPPED: string[];
export const RUNTIME_INSTALL: string;
export const DEVELOPMENT_TOOLS: string[];
export const RUNTIME_ENV: Record<string, string>;
export const START_COMMAND: string[];
export const LIVENESS_PATH: string;
export const HEALTHCHECK_COMMAND: string[];
export const STOP_SIGNAL: NodeJS.Signals;
export function shippedPaths(root: string): string[];
export function assemble(root: string, target: string): void;
