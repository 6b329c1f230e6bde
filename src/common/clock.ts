import { Injectable } from '@nestjs/common';

/** The time source for elapsed times: injected, so a test can hand in a fake one instead of waiting. */
@Injectable()
export class Clock {
  /** Milliseconds from an arbitrary origin; monotonic, so only differences mean anything. */
  now(): number {
    return performance.now();
  }
}
