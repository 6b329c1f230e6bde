import { Clock } from '../clock';
import { RESOURCE_SHORTAGE_WINDOW_MS, ResourceShortageLog } from './resource-shortage-log';

describe(ResourceShortageLog.name, () => {
  let now: number;
  let sut: ResourceShortageLog;

  beforeEach(() => {
    now = 1_000;
    const clock = new Clock();
    jest.spyOn(clock, 'now').mockImplementation(() => now);
    sut = new ResourceShortageLog(clock);
  });

  it('should know of no shortage until one is recorded', () => {
    expect(sut.recent()).toBeUndefined();
  });

  it('should report the last shortage for the window after it, then forget it', () => {
    sut.record('53100');
    now += RESOURCE_SHORTAGE_WINDOW_MS;

    expect(sut.recent()).toEqual({ code: '53100', ageMs: RESOURCE_SHORTAGE_WINDOW_MS });

    now += 1;

    expect(sut.recent()).toBeUndefined();
  });

  it('should start the window again with each new shortage', () => {
    sut.record('53100');
    now += RESOURCE_SHORTAGE_WINDOW_MS;
    sut.record('53200');
    now += RESOURCE_SHORTAGE_WINDOW_MS;

    expect(sut.recent()).toEqual({ code: '53200', ageMs: RESOURCE_SHORTAGE_WINDOW_MS });
  });
});
