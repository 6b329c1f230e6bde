import { CanActivate, ExecutionContext, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import type { Environment } from '../config/environment';

/** SIGNUP_ENABLED=false: the route answers Nest's own 404 for an unknown route, before any throttling or work. */
@Injectable()
export class SignupEnabledGuard implements CanActivate {
  constructor(private readonly config: ConfigService<Environment, true>) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.config.get('SIGNUP_ENABLED', { infer: true })) return true;
    const { method, path } = context.switchToHttp().getRequest<Request>();
    throw new NotFoundException(`Cannot ${method} ${path}`);
  }
}
