import { timingSafeEqual } from 'node:crypto';
import {
  CanActivate,
  ExecutionContext,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request } from 'express';
import type { Environment } from '../config/environment';

/**
 * GET /metrics is open in development. In production it answers only `Authorization: Bearer <METRICS_TOKEN>`
 * (401 otherwise), and without a METRICS_TOKEN it does not exist (404, like any unknown path).
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly production: boolean;
  private readonly expected?: Buffer;

  constructor(config: ConfigService<Environment, true>) {
    this.production = config.get('NODE_ENV', { infer: true }) === 'production';
    const token = config.get('METRICS_TOKEN', { infer: true });
    if (token) this.expected = Buffer.from(`Bearer ${token}`);
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.production) return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (!this.expected) throw new NotFoundException(`Cannot ${request.method} ${request.path}`);
    const given = Buffer.from(request.headers.authorization ?? '');
    // Compared in constant time: the answer's timing says nothing about how much of the token was right.
    if (given.length !== this.expected.length || !timingSafeEqual(given, this.expected)) {
      throw new UnauthorizedException();
    }
    return true;
  }
}
