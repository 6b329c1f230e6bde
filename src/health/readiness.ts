import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';

/**
 * Whether this instance should receive new traffic. The entry point calls drain() when SIGTERM arrives, so
 * /health/ready answers 503 from then on while requests are still served until the listener closes.
 */
@Injectable()
export class Readiness {
  private draining = false;

  constructor(private readonly health: HealthIndicatorService) {}

  drain(): void {
    this.draining = true;
  }

  check() {
    const indicator = this.health.check('shutdown');
    return this.draining ? indicator.down({ message: 'shutting down' }) : indicator.up();
  }
}
