import { Injectable } from '@nestjs/common';
import { Clock } from '../clock';

/**
 * How long /health reports the database down after it last refused work for lack of resources: long enough for a
 * monitor polling every 10–15 s to see it, short enough to clear soon after the shortage ends. Each new failure
 * starts the window again, so a lasting shortage keeps it down.
 */
export const RESOURCE_SHORTAGE_WINDOW_MS = 30_000;

export interface ResourceShortage {
  /** The SQLSTATE, e.g. `53100` (disk full). */
  code: string;
  ageMs: number;
}

/**
 * The last time the database refused a statement for lack of resources (SQLSTATE class 53), recorded by the error
 * mapping (toHttpException). A full disk still answers `select 1`, so the health check reads this too.
 */
@Injectable()
export class ResourceShortageLog {
  private last?: { code: string; at: number };

  constructor(private readonly clock: Clock) {}

  record(code: string): void {
    this.last = { code, at: this.clock.now() };
  }

  /** The last shortage, if it was recorded within RESOURCE_SHORTAGE_WINDOW_MS. */
  recent(): ResourceShortage | undefined {
    if (!this.last) return undefined;
    const ageMs = this.clock.now() - this.last.at;
    return ageMs <= RESOURCE_SHORTAGE_WINDOW_MS ? { code: this.last.code, ageMs } : undefined;
  }
}
