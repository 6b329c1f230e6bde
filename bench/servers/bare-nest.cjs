// Diagnostic baseline for the `http` scenario: Nest alone (platform-express, one controller, nothing global)
// returning the same text, i.e. what the framework costs on this machine before the app adds anything.
// INTERCEPTOR=1 adds one global interceptor that does nothing but watch the stream end, as the app's logging
// interceptor does: the price of Nest's interceptor machinery alone (a diagnostic row).
// Plain CommonJS with the decorators applied by hand, so it runs without a build step.
require('reflect-metadata');
const { Controller, Get, Injectable, Module, Param } = require('@nestjs/common');
const { APP_INTERCEPTOR, NestFactory } = require('@nestjs/core');
const { tap } = require('rxjs');

class CatsController {
  getCat(id) {
    return `This action returns a #${id} cat`;
  }
}
const getCat = Object.getOwnPropertyDescriptor(CatsController.prototype, 'getCat');
Get(':id')(CatsController.prototype, 'getCat', getCat);
Param('id')(CatsController.prototype, 'getCat', 0);
Controller('cats')(CatsController);

class WatchingInterceptor {
  intercept(_context, next) {
    return next.handle().pipe(tap({ complete: () => undefined }));
  }
}
Injectable()(WatchingInterceptor);

class AppModule {}
const providers =
  process.env.INTERCEPTOR === '1' ? [{ provide: APP_INTERCEPTOR, useClass: WatchingInterceptor }] : [];
Module({ controllers: [CatsController], providers })(AppModule);

NestFactory.create(AppModule, { logger: ['error', 'warn'] }).then((app) =>
  app.listen(Number(process.env.PORT), '127.0.0.1'),
);
