// Diagnostic baseline for the `http` scenario: Nest alone (platform-express, one controller, nothing global)
// returning the same text, i.e. what the framework costs on this machine before the app adds anything.
// Plain CommonJS with the decorators applied by hand, so it runs without a build step.
require('reflect-metadata');
const { Controller, Get, Module, Param } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');

class CatsController {
  getCat(id) {
    return `This action returns a #${id} cat`;
  }
}
const getCat = Object.getOwnPropertyDescriptor(CatsController.prototype, 'getCat');
Get(':id')(CatsController.prototype, 'getCat', getCat);
Param('id')(CatsController.prototype, 'getCat', 0);
Controller('cats')(CatsController);

class AppModule {}
Module({ controllers: [CatsController] })(AppModule);

NestFactory.create(AppModule, { logger: ['error', 'warn'] }).then((app) =>
  app.listen(Number(process.env.PORT), '127.0.0.1'),
);
