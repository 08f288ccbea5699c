// The same small Nest application on Express or on Fastify (ADAPTER=express|fastify, PORT): the
// pipeline every product request crosses (a global guard reading the route's metadata, the
// global validation pipe, an exception filter) and two routes: a constant (like /api/health)
// and a 2 KB JSON body echoed back after validation (like a save). For bench/scenarios/adapters.mjs.
import 'reflect-metadata';
import { Body, Catch, Controller, Get, HttpException, Injectable, Module, Post, SetMetadata, ValidationPipe } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory, Reflector } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';

const decorate = (decorators, target, key) =>
  key ? Reflect.decorate(decorators, target, key, Object.getOwnPropertyDescriptor(target, key)) : Reflect.decorate(decorators, target);

class Guard {
  constructor(reflector) {
    this.reflector = reflector;
  }
  canActivate(context) {
    return this.reflector.get('access', context.getHandler()) === 'public';
  }
}
decorate([Injectable()], Guard);
Reflect.defineMetadata('design:paramtypes', [Reflector], Guard);

class Filter {
  catch(error, host) {
    const status = error instanceof HttpException ? error.getStatus() : 500;
    const res = host.switchToHttp().getResponse();
    (res.status ? res.status(status) : res.code(status)).send({ key: 'errors.x', status });
  }
}
decorate([Catch()], Filter);

class AppController {
  health() {
    return { status: 'ok', info: { database: { status: 'up' } } };
  }
  save(body) {
    return { saved: true, size: JSON.stringify(body).length };
  }
}
decorate([Get('health'), SetMetadata('access', 'public')], AppController.prototype, 'health');
decorate([Post('save'), SetMetadata('access', 'public')], AppController.prototype, 'save');
Reflect.defineMetadata('design:paramtypes', [Object], AppController.prototype, 'save');
Body()(AppController.prototype, 'save', 0);
decorate([Controller('api')], AppController);

class AppModule {}
decorate(
  [
    Module({
      controllers: [AppController],
      providers: [
        { provide: APP_GUARD, useClass: Guard },
        { provide: APP_FILTER, useClass: Filter },
      ],
    }),
  ],
  AppModule,
);

const adapter = process.env.ADAPTER === 'fastify' ? new FastifyAdapter({ bodyLimit: 1024 * 1024 }) : new ExpressAdapter();
const app = await NestFactory.create(AppModule, adapter, { logger: false });
app.useGlobalPipes(new ValidationPipe({ whitelist: false }));
await app.listen(Number(process.env.PORT), '127.0.0.1');
console.log('ready');
