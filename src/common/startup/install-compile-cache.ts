import { enableCompileCache } from './compile-cache';

// Imported first by the entry points, before any package: only the modules loaded after this line are cached.
enableCompileCache();
