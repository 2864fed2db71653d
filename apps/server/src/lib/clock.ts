/** The time source of every rule that expires something; tests move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const isoIn = (clock: Clock, ms: number): string => new Date(clock.now().getTime() + ms).toISOString();
