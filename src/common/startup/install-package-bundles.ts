import { usePackageBundles } from './package-bundles';

// Imported by the entry points before any package that loads rxjs or class-validator (@nestjs/common does).
usePackageBundles();
