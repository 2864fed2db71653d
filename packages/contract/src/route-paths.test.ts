import { describe, expect, it } from 'vitest';
import { routePaths } from './route-paths.ts';
import { routes } from './routes.ts';

describe('routePaths', () => {
  it('has the method and path of every route in the table, and no other', () => {
    expect(Object.keys(routePaths).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, def] of Object.entries(routes)) {
      expect(routePaths[name as keyof typeof routePaths], name).toEqual([def.method, def.path]);
    }
  });
});
