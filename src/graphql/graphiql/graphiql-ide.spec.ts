import type { DynamicModule } from '@nestjs/common';

/** GraphiqlIdeModule as a fresh process would decide it, once ConfigModule has loaded `nodeEnv`. */
async function ideModuleFor(nodeEnv: string, mocks: () => void = () => {}): Promise<DynamicModule> {
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  try {
    let ideModule!: Promise<DynamicModule>;
    // A fresh module registry: the module is decided at load, as in a process of its own.
    /* eslint-disable @typescript-eslint/no-require-imports */
    jest.isolateModules(() => {
      mocks();
      ideModule = (require('./graphiql-ide') as typeof import('./graphiql-ide')).GraphiqlIdeModule;
      const { ConfigModule } = require('@nestjs/config') as typeof import('@nestjs/config');
      void ConfigModule.forRoot({ ignoreEnvFile: true });
    });
    /* eslint-enable @typescript-eslint/no-require-imports */
    return await ideModule;
  } finally {
    process.env.NODE_ENV = saved;
  }
}

describe('GraphiqlIdeModule', () => {
  it('should serve the IDE files outside production, where GraphiQL is installed', async () => {
    const { module } = await ideModuleFor('development');

    expect(module.name).toBe('GraphiqlModule');
  });

  it('should not load the IDE code in production', async () => {
    const { module } = await ideModuleFor('production', () => {
      jest.doMock('./graphiql.module', () => {
        throw new Error('the IDE module was loaded in production');
      });
      jest.doMock('./graphiql.assets', () => {
        throw new Error('the IDE assets were loaded in production');
      });
    });

    expect(module.name).toBe('NoGraphiqlModule');
  });
});
