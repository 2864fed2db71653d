import { describe, expect, it } from 'vitest';
import { withToken } from './fill.ts';
import { scenarios, soakScenario } from './scenarios.ts';

const sell = [{ scryfall_id: 'sell-card', finish: 'nonfoil', quality: 'NM', quantity: 1 }];
const registers = [
  [{ scryfall_id: 'r0', finish: 'nonfoil', quantity: 1 }],
  [{ scryfall_id: 'r1', finish: 'nonfoil', quantity: 1 }],
];

describe('withToken', () => {
  it('fills every scenario of the bench, GET requests without a body included, leaving no placeholder', () => {
    for (const s of [...scenarios, soakScenario]) {
      const filled = withToken(s, 'tok', ['c1', 'c2', 'c3'], sell, registers, ['MH3 241', 'LEA 1']);
      const sent = JSON.stringify([filled.requests, filled.perConnection ?? []]);
      expect(sent, s.name).not.toMatch(/\$(TOKEN|CARD|SELL|REGISTER|CODE)/);
      for (const r of filled.requests) if (r.method === 'GET') expect(r.body, s.name).toBeUndefined();
    }
  });

  it('sends one request per scanned code, and register i its own lines on connection i', () => {
    const codes = withToken(
      {
        name: 'codes',
        description: '',
        connections: 1,
        needs: 'shop',
        requests: [{ method: 'POST', path: '/q', body: { code: '$CODE' } }],
      },
      'tok',
      [],
      [],
      [],
      ['MH3 241', 'LEA 1'],
    );
    expect(codes.requests.map((r) => r.body)).toEqual([{ code: 'MH3 241' }, { code: 'LEA 1' }]);
    const sale = withToken(
      {
        name: 'sale',
        description: '',
        connections: 2,
        needs: 'shop',
        requests: [{ method: 'POST', path: '/s', body: { token: '$TOKEN', items: '$REGISTER' } }],
      },
      'tok',
      [],
      [],
      registers,
    );
    expect(sale.perConnection).toEqual([
      { token: 'tok', items: registers[0] },
      { token: 'tok', items: registers[1] },
    ]);
  });
});
